/** The attendance domain's one door: what the composition roots and other domains may import from it. */
export { ATTENDANCE_ROUTES } from "./routes.ts";
export { attendanceChanges, periodAttendance } from "./summary.ts";
export { ATTENDANCE_JOBS } from "./jobs.ts";
