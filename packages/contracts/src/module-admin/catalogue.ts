/**
 * The full module menu of the three spec documents. A heading (no screen) holds modules; `children` may nest one
 * more heading, which gives the three menu levels of spec 000 §2.1.
 */
export interface CatalogueEntry {
  id: string;
  name: string;
  nameEN: string;
  icon?: string;
  hidden?: boolean;
  ai?: boolean;
  children?: CatalogueEntry[];
}

const m = (id: string, name: string, nameEN: string, icon: string, extra: Partial<CatalogueEntry> = {}): CatalogueEntry => ({
  id,
  name,
  nameEN,
  icon,
  ...extra,
});

export const MODULE_CATALOGUE: CatalogueEntry[] = [
  m("menuAcademic", "Académico", "Academics", "graduation-cap", {
    children: [
      m("admPeriod", "Periodos", "Periods", "calendar-range"),
      m("menuStructure", "Estructura académica", "Academic structure", "layers", {
        children: [
          m("admSuperSection", "Grados", "Grades", "layers"),
          m("admSection", "Secciones", "Sections", "layout-grid"),
          m("admSectionMembers", "Alumnos por sección", "Section members", "users"),
        ],
      }),
      m("admSubject", "Cursos", "Subjects", "book-open"),
      m("admActivityParts", "Cursos por sección", "Subject sections", "book-copy", { hidden: true }),
      m("admActivityMasters", "Profesores del curso", "Subject teachers", "user-check", { hidden: true }),
      m("admEvalConcept", "Conceptos de evaluación", "Evaluation concepts", "list-tree"),
      m("admDates", "Fechas del calendario", "Calendar dates", "calendar-days"),
      m("admAssignmentQst", "Preguntas de tareas", "Assignment questions", "circle-help"),
    ],
  }),
  m("menuGrades", "Notas", "Marks", "notebook-pen", {
    children: [
      m("admGrades", "Registro de notas", "Grade entry", "notebook-pen"),
      m("admGradesBehavior", "Notas de conducta", "Behaviour grades", "smile"),
      m("admGradesRep", "Reportes de notas", "Grade reports", "file-bar-chart"),
      m("admGradesMaster", "Notas por profesor", "Grades by teacher", "user-round-pen"),
    ],
  }),
  m("menuPeople", "Personas", "People", "users", {
    children: [
      m("admStudent", "Alumnos", "Students", "backpack"),
      m("admRelatives", "Familiares", "Relatives", "users-round"),
      m("admStaff", "Personal", "Staff", "id-card"),
      m("admUser", "Usuarios", "Users", "user"),
      m("admGroup", "Grupos", "Groups", "users-round"),
      m("admUserGroup", "Grupos de usuarios", "User groups", "user-cog"),
      m("admDirectory", "Directorio", "Directory", "contact"),
      m("admTransport", "Movilidad", "Transport", "bus"),
    ],
  }),
  m("menuAttendance", "Asistencia", "Attendance", "clipboard-check", {
    children: [
      m("admAttendanceControl", "Control de asistencia", "Attendance control", "clipboard-check"),
      m("admActivitySession", "Sesiones de clase", "Class sessions", "presentation"),
      m("admJustification", "Justificaciones", "Justifications", "file-check"),
      m("admAttendanceType", "Tipos de asistencia", "Attendance types", "tags"),
    ],
  }),
  m("menuConduct", "Convivencia", "Behaviour", "heart-handshake", {
    children: [
      m("admBehavior", "Conducta", "Behaviour", "smile"),
      m("admTracking", "Seguimiento", "Tracking", "route"),
      m("admCommitment", "Compromisos", "Commitments", "handshake"),
      m("admJournal", "Anecdotario", "Journal", "book-marked"),
      m("admBookingList", "Citas", "Bookings", "calendar-clock"),
      m("admResource", "Recursos reservables", "Bookable resources", "door-open"),
    ],
  }),
  m("menuBilling", "Pagos", "Billing", "wallet", {
    children: [
      m("admBilling", "Recibos", "Receipts", "receipt"),
      m("admBillingGrid", "Cuadro de pagos", "Billing grid", "table"),
      m("admBillingReport", "Reporte de recibos", "Receipts report", "file-spreadsheet"),
      m("admOrder", "Órdenes", "Orders", "shopping-cart"),
      m("admOrderGrid", "Cuadro de órdenes", "Orders grid", "table-2"),
      m("admOrderDetail", "Detalle de orden", "Order detail", "list", { hidden: true }),
      m("admBalance", "Saldo", "Balance", "piggy-bank"),
    ],
  }),
  m("menuHealth", "Enfermería", "Infirmary", "stethoscope", {
    children: [
      m("admInfirmary", "Atenciones", "Infirmary log", "stethoscope"),
      m("admMedical", "Fichas médicas", "Medical records", "heart-pulse"),
      m("admInfirmaryValues", "Valores de enfermería", "Infirmary values", "list-checks"),
    ],
  }),
  m("menuCommunication", "Comunicaciones", "Communication", "megaphone", {
    children: [
      m("admCommunications", "Comunicaciones", "Communications", "megaphone", { ai: true }),
      m("admNotification", "Notificaciones", "Notifications", "bell-ring"),
      m("admConversations", "Conversaciones", "Conversations", "messages-square", { ai: true }),
      m("admPublication", "Publicaciones", "Publications", "newspaper", { ai: true }),
      m("admPublicationPart", "Partes de publicación", "Publication parts", "file-text", { hidden: true }),
      m("admInfo", "Preguntas frecuentes", "FAQs", "info"),
      m("admCalendar", "Calendario", "Calendar", "calendar"),
      m("admLocalization", "Plantillas de mensajes", "Message templates", "languages"),
    ],
  }),
  m("menuFlows", "Flujos", "Flows", "workflow", {
    children: [
      m("admFlow", "Flujos", "Flows", "workflow"),
      m("admFlowFetch", "Envíos de flujos", "Flow sends", "send", { hidden: true }),
      m("admFlowInput", "Preguntas del flujo", "Flow inputs", "list-ordered"),
      m("admFlowResponses", "Respuestas", "Responses", "inbox"),
    ],
  }),
  m("menuDashboards", "Tableros", "Dashboards", "chart-column", {
    children: [m("admStats", "Estadísticas", "Statistics", "chart-column"), m("admUsage", "Consumo", "Usage", "gauge")],
  }),
  m("menuSettings", "Configuración", "Settings", "settings", {
    children: [
      m("admModule", "Módulos", "Modules", "blocks"),
      m("admOtlt", "Catálogos", "Catalogue values", "list"),
      m("admCategory", "Categorías", "Categories", "folder-tree"),
      m("admAudit", "Auditoría", "Audit", "shield-check"),
    ],
  }),
];

export interface FlatModule extends Omit<CatalogueEntry, "children"> {
  parentId: string | null;
  sort: number;
  isHeading: boolean;
}

export function flattenCatalogue(entries = MODULE_CATALOGUE, parentId: string | null = null): FlatModule[] {
  return entries.flatMap(({ children, ...entry }, index) => [
    { ...entry, parentId, sort: (index + 1) * 10, isHeading: Boolean(children) },
    ...(children ? flattenCatalogue(children, entry.id) : []),
  ]);
}

/**
 * Module ids that open a special screen rather than the generic module screen (spec 000 §2.1, 001 §2, 002 §2):
 * the grade sheet and its report and teacher views, attendance, the billing and order grids, the
 * dashboards and the module management.
 */
export const SPECIAL_SCREENS = [
  "admGrades",
  "admGradesBehavior",
  "admGradesRep",
  "admGradesMaster",
  "admActivitySession",
  "admBillingGrid",
  "admOrderGrid",
  "admModule",
  "admAttendanceControl",
  "admJustification",
  "admCommunications",
  "admConversations",
  "admStats",
  "admUsage",
] as const;

export const MODULE_IDS: ReadonlySet<string> = new Set(flattenCatalogue().map((m) => m.id));
