"use client";

import { useEffect, useRef } from "react";

/** A ref that always holds the latest value: event handlers read from effects without re-running them. */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}
