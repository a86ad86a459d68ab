import type { ComponentType } from "react";
import { CardOnFileDialog } from "../billing/auto-charge-card-dialog.tsx";
import { AutoChargeDialog } from "../billing/auto-charge-dialog.tsx";
import { ReceiptPdfDialog } from "../billing/receipt-pdf-dialog.tsx";
import { ReceiptsZipDialog } from "../billing/receipts-zip-dialog.tsx";
import { StudentStatementDialog } from "../billing/statement-dialog.tsx";
import { StudentAttendanceDialog } from "../attendance-summary/student-attendance-dialog.tsx";
import { OrderPayDialog, OrderRefundDialog } from "../billing/order-money-dialogs.tsx";
import { PayLinkDialog } from "../billing/pay-link-dialog.tsx";
import { DirectoryMailDialog } from "../directory/directory-mail-dialog.tsx";
import { FamilyImportDialog } from "../family-import/family-import-dialog.tsx";
import { GradeImportDialog } from "../grades/grade-import-dialog.tsx";
import { StudentGradesDialog } from "../grades/student-grades-dialog.tsx";
import { FlowSendWizard } from "../notifications/flow-send-wizard.tsx";
import { NotificationMessagesDialog } from "../notifications/notification-messages-dialog.tsx";
import { NotificationWizard } from "../notifications/notification-wizard.tsx";
import type { OwnDialogProps } from "./types.ts";

/** The dialogs of their own that an action's `dialog` names (ActionDef), by that name. */
export const ACTION_DIALOGS: Record<string, ComponentType<OwnDialogProps>> = {
  autoCharge: AutoChargeDialog,
  cardOnFile: CardOnFileDialog,
  directoryMail: DirectoryMailDialog,
  familyImport: FamilyImportDialog,
  flowSend: FlowSendWizard,
  gradeImport: GradeImportDialog,
  studentGrades: StudentGradesDialog,
  studentAttendance: StudentAttendanceDialog,
  studentStatement: StudentStatementDialog,
  notificationMessages: NotificationMessagesDialog,
  notificationWizard: NotificationWizard,
  orderPay: OrderPayDialog,
  orderRefund: OrderRefundDialog,
  orderPayLink: PayLinkDialog,
  receiptPdf: ReceiptPdfDialog,
  receiptsZip: ReceiptsZipDialog,
};
