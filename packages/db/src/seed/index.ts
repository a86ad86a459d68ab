export { seedTenant, seedStaff, type TenantSpec, type StaffSpec } from "./tenant.ts";
export { seedDemo, DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_GROUPS } from "./demo.ts";
export { seedSchool, type SchoolSize } from "./school.ts";
export { FAQS, type Faq } from "./faqs.ts";
