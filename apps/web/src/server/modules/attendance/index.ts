/** The attendance domain's one door: what the composition roots and other domains may import from it. */
export { ATTENDANCE_ROUTES } from "./routes.ts";
export { attendanceChanges, dayMarks, periodAttendance } from "./summary.ts";
export { ATTENDANCE_JOBS } from "./jobs.ts";
/** The family's justification link of a day, for the school's assistant (an absence told by the family itself). */
export { justifyUrl } from "./link-token.ts";
