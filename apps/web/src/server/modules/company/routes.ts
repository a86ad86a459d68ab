import {
  companyLabel,
  ZCompanyChecklistAnswer,
  ZCompanyChecklistSave,
  ZCompanyProfile,
  ZCompanyProfileAnswer,
  ZSchoolBrandAnswer,
  ZSchoolBrandQuery,
  ZTestMessageAnswer,
  ZTestMessageSend,
  ZUpload,
  ZUploadAnswer,
} from "@pizarra/contracts";
import { ownLabels } from "../../http/parse.ts";
import { authedRoute, type Part, publicRoute, type Route } from "../../http/route.ts";
import { schoolBrand } from "./brand.ts";
import { UPLOAD_BODY_LIMIT } from "../../resource/upload.ts";
import { getChecklist, saveChecklist, sendTestMessage } from "./checklist.ts";
import { COMPANY_MODULE, getProfile, saveProfile, uploadLogo } from "./profile.ts";

const profileLabel = ownLabels(Object.keys(ZCompanyProfile.shape), companyLabel);
const label = (field: string, part: Part) => (part === "body" ? profileLabel(field) : `fields.${field}`);

/**
 * The school's own profile (000 §7, 002 §7): module management's right (read to see it, modify to change it), and a
 * role of 95 or more, which the handlers check.
 */
export const COMPANY_ROUTES: Route[] = [
  publicRoute({ method: "GET", path: "company/brand", auth: "public", query: ZSchoolBrandQuery, answer: ZSchoolBrandAnswer, handler: schoolBrand }),
  authedRoute({ method: "GET", path: "company/profile", auth: "user", module: COMPANY_MODULE, answer: ZCompanyProfileAnswer, handler: getProfile }),
  authedRoute({
    method: "POST",
    path: "company/profile",
    auth: "user",
    module: COMPANY_MODULE,
    body: ZCompanyProfile,
    labelKey: label,
    answer: ZCompanyProfileAnswer,
    handler: saveProfile,
  }),
  authedRoute({
    method: "POST",
    path: "company/file",
    auth: "user",
    module: COMPANY_MODULE,
    body: ZUpload,
    maxBytes: UPLOAD_BODY_LIMIT,
    answer: ZUploadAnswer,
    handler: uploadLogo,
  }),
  // The first hour's checklist on home (002 §2): the profile's own door, since it is the school's set-up.
  authedRoute({ method: "GET", path: "company/checklist", auth: "user", module: COMPANY_MODULE, answer: ZCompanyChecklistAnswer, handler: getChecklist }),
  authedRoute({
    method: "POST",
    path: "company/checklist",
    auth: "user",
    module: COMPANY_MODULE,
    body: ZCompanyChecklistSave,
    labelKey: (field) => `firstHour.fields.${field}`,
    answer: ZCompanyChecklistSave,
    handler: saveChecklist,
  }),
  authedRoute({
    method: "POST",
    path: "company/testMessage",
    auth: "user",
    module: COMPANY_MODULE,
    body: ZTestMessageSend,
    labelKey: (field) => `firstHour.fields.${field}`,
    answer: ZTestMessageAnswer,
    handler: sendTestMessage,
  }),
];
