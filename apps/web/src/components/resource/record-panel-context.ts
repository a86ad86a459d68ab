"use client";

import { type ComponentType, createContext, useContext } from "react";
import type { RecordPanelProps } from "./types.ts";

/**
 * The panels a record's form may draw (ResourceDef.panels), by name. The module screen provides them
 * (record-panels.ts), so that the generic form needs no import of the domains' panels (some of which open records).
 */
export const RecordPanelsContext = createContext<Readonly<Record<string, ComponentType<RecordPanelProps>>>>({});

export const useRecordPanels = () => useContext(RecordPanelsContext);
