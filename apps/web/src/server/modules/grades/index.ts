/** The grades domain's one door: what the composition roots and other domains may import from it. */
export { GRADES_ROUTES } from "./routes.ts";
export { GRADES_RESOURCES } from "./resources.ts";
export { dropArtefactsAbout } from "./artefacts.ts";
export { type OnlineGrade, onlineGrades } from "./family-grades.ts";
/** The school's letterhead and the PDF pieces the report cards draw with, for every document the school prints. */
export { letterhead, type Letterhead, fileSafe } from "./report-card-data.ts";
export { newDocument, drawLetterhead, drawFacts, drawTable, drawParagraph, pdfBytes, type TableColumn, type TableRow } from "./report-card-pdf.ts";
