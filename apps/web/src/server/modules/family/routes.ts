import {
  familyLabelKey,
  ZFamilyChildrenAnswer,
  ZFamilyLinkExisting,
  ZFamilyLinkFlags,
  ZFamilyLinkNew,
  ZFamilyLinkParams,
  ZFamilyLinkSaved,
  ZFamilyLinksAnswer,
  ZFamilyParams,
  ZStudentContactsAnswer,
  ZStudentContactsQuery,
} from "@pizarra/contracts";
import { authedRoute, type Route } from "../../http/route.ts";
import type { ServedResources } from "../../resource/served-resources.ts";
import { relativeChildren, studentContacts } from "./contacts.ts";
import { addExisting, addNew, editLink, endLink, listLinks, STUDENT_MODULE } from "./links.ts";

const labelKey = familyLabelKey;

/**
 * Family links (001 §2-§3, 002 §3 "Relative"): a student's links are admStudent's (read to list, write to change); a
 * relative linked is also reached through admRelatives (its read right to link one it holds, its write right to create
 * one: checked by the handlers, the stricter right); a relative's children are admRelatives' to read. The paths beyond
 * the spec's admStudent/contacts are ours.
 */
export const familyRoutes = (served: ServedResources): Route[] => [
  authedRoute({
    method: "GET",
    path: "admStudent/contacts",
    auth: "user",
    module: STUDENT_MODULE,
    query: ZStudentContactsQuery,
    answer: ZStudentContactsAnswer,
    handler: studentContacts,
  }),
  authedRoute({
    method: "GET",
    path: "admStudent/family/{id}",
    auth: "user",
    module: STUDENT_MODULE,
    params: ZFamilyParams,
    answer: ZFamilyLinksAnswer,
    handler: listLinks,
  }),
  authedRoute({
    method: "POST",
    path: "admStudent/family/{id}/link",
    auth: "user",
    module: STUDENT_MODULE,
    params: ZFamilyParams,
    body: ZFamilyLinkExisting,
    labelKey,
    answer: ZFamilyLinkSaved,
    handler: addExisting,
  }),
  authedRoute({
    method: "POST",
    path: "admStudent/family/{id}/new",
    auth: "user",
    module: STUDENT_MODULE,
    params: ZFamilyParams,
    body: ZFamilyLinkNew,
    labelKey,
    answer: ZFamilyLinkSaved,
    handler: addNew(served),
  }),
  authedRoute({
    method: "POST",
    path: "admStudent/family/{id}/edit/{relativeId}",
    auth: "user",
    module: STUDENT_MODULE,
    params: ZFamilyLinkParams,
    body: ZFamilyLinkFlags,
    labelKey,
    answer: ZFamilyLinkSaved,
    handler: editLink,
  }),
  authedRoute({
    method: "POST",
    path: "admStudent/family/{id}/end/{relativeId}",
    auth: "user",
    module: STUDENT_MODULE,
    params: ZFamilyLinkParams,
    labelKey,
    answer: ZFamilyLinkSaved,
    handler: endLink,
  }),
  authedRoute({
    method: "GET",
    path: "admRelatives/children/{id}",
    auth: "user",
    module: "admRelatives",
    params: ZFamilyParams,
    answer: ZFamilyChildrenAnswer,
    handler: relativeChildren,
  }),
];
