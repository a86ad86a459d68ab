"use client";

import type { TRequest2PayAnswer, TStatementAnswer, TStatementOrder, TStatementStudent } from "@pizarra/contracts";
import { Badge, Button, buttonVariants, cn } from "@pizarra/ui";
import { CreditCard, FileDown, LoaderCircle } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Frame, LinkPending, Notice } from "../public-link/link-frame.tsx";
import { CHIP_TONES } from "../resource/grid-cell.tsx";
import { publicRequest, usePublicLink } from "../public-link/public-request.ts";

const NS = "billing.statement.page";
/** Orders that still owe, which a family may pay online. */
const OWING = new Set<TStatementOrder["state"]>(["pending", "partial", "overdue"]);
/** A state's look: overdue stands out, paid reads as done, voided fades. */
const STATE_TONE: Record<TStatementOrder["state"], string> = {
  paid: CHIP_TONES.success!,
  partial: CHIP_TONES.warning!,
  pending: CHIP_TONES.info!,
  overdue: CHIP_TONES.danger!,
  voided: CHIP_TONES.muted!,
};

/** A YYYY-MM-DD day as the school writes it: DD/MM/YYYY. */
const day = (text: string) => text.split("-").reverse().join("/");
/** An amount as the ledger gives it, decimal text to the cent with its currency: never turned into a float. */
const money = (curr: string, amount: string) => `${curr} ${amount}`;

/** The family's balance per currency and the guardian's share, with the PDF to keep. */
function Summary({ statement, pdfHref }: { statement: TStatementAnswer; pdfHref: string }) {
  const t = useTranslations(NS);
  const split = statement.totals.some((x) => x.share !== x.balance);
  const owed = statement.totals.filter((x) => x.balance !== "0.00");
  return (
    <section
      aria-labelledby="statement-title"
      className="flex flex-col gap-3 rounded-xl border border-t-4 border-t-primary bg-card p-5 text-card-foreground shadow-xs"
      data-testid="statement-summary"
    >
      <p className="text-sm font-medium" data-testid="statement-school">
        {statement.school}
      </p>
      <h1 id="statement-title" className="text-xl font-semibold leading-snug">
        {t("heading")}
      </h1>
      <p className="text-sm text-muted-foreground">
        {t("forGuardian", { name: statement.guardian.name })} · {t("asOf", { date: day(statement.asOf) })}
      </p>
      <dl className="grid grid-cols-[auto_1fr] items-baseline gap-x-4 gap-y-1">
        <dt className="text-sm text-muted-foreground">{t("balance")}</dt>
        <dd className="text-2xl font-semibold tabular-nums" data-testid="statement-balance">
          {owed.length ? owed.map((x) => money(x.curr, x.balance)).join(" · ") : t("nothingOwed")}
        </dd>
        {split && (
          <>
            <dt className="text-sm text-muted-foreground">{t("share")}</dt>
            <dd className="text-lg font-medium tabular-nums" data-testid="statement-my-share">
              {statement.totals.map((x) => money(x.curr, x.share)).join(" · ")}
            </dd>
          </>
        )}
      </dl>
      <a href={pdfHref} download className={cn(buttonVariants({ variant: "outline" }), "self-start")} data-testid="statement-download">
        <FileDown aria-hidden />
        {t("download")}
      </a>
    </section>
  );
}

/** One order as a card: concept, due day, amounts, state, and "Pay" while it owes and the school takes payments online. */
function OrderCard({ order, online, paying, onPay }: { order: TStatementOrder; online: boolean; paying: boolean; onPay: () => void }) {
  const t = useTranslations(NS);
  const tState = useTranslations("billing.statement.states");
  return (
    <li className="flex flex-col gap-2 rounded-lg border bg-background p-3" data-testid="statement-order" data-order={order.ID} data-state={order.state}>
      <div className="flex items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col">
          <span className="font-medium break-words">{order.brief}</span>
          <span className="text-xs text-muted-foreground">
            {order.easyId} · {t("dueDate", { date: day(order.dueDate) })}
          </span>
        </div>
        <Badge variant="secondary" className={cn("shrink-0", STATE_TONE[order.state])}>
          {tState(order.state)}
        </Badge>
      </div>
      <dl className="grid grid-cols-3 gap-2 text-sm tabular-nums">
        <div>
          <dt className="text-xs text-muted-foreground">{t("total")}</dt>
          <dd>{money(order.curr, order.total)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t("paid")}</dt>
          <dd>{money(order.curr, order.paid)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t("owed")}</dt>
          <dd className="font-semibold">{money(order.curr, order.balance)}</dd>
        </div>
      </dl>
      {online && OWING.has(order.state) && (
        <Button className="self-start" onClick={onPay} disabled={paying} aria-label={t("payOf", { concept: order.brief })} data-testid="statement-pay">
          {paying ? <LoaderCircle className="animate-spin" aria-hidden /> : <CreditCard aria-hidden />}
          {t("pay")}
        </Button>
      )}
    </li>
  );
}

/** A titled list of money lines (payments, refunds): what each was, and its amount; nothing when there is none. */
function MoneyLines({ title, testId, lines }: { title: string; testId: string; lines: { what: React.ReactNode; amount: string }[] }) {
  if (!lines.length) return null;
  return (
    <>
      <h3 className="text-sm font-semibold">{title}</h3>
      <ul className="flex flex-col divide-y text-sm">
        {lines.map((line, i) => (
          <li key={i} className="flex flex-wrap justify-between gap-x-3 py-1.5" data-testid={testId}>
            <span>{line.what}</span>
            <span className="tabular-nums">{line.amount}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

/** A student's part: orders, payments with their receipts, refunds, what is owed and who pays it. */
function StudentPart({ student, online, token }: { student: TStatementStudent; online: boolean; token: string }) {
  const t = useTranslations(NS);
  const tMethod = useTranslations("billing.methods");
  const [paying, setPaying] = useState<number | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const titleId = `statement-student-${student.ID}`;
  const pay = async (order: TStatementOrder) => {
    setPaying(order.ID);
    setFailed(null);
    const answer = await publicRequest<TRequest2PayAnswer>("POST", `statement/${encodeURIComponent(token)}/pay/${order.ID}`, {
      locale: document.documentElement.lang === "en" ? "en" : "es",
    });
    if (answer.ok && answer.data) {
      window.location.assign(answer.data.url);
      return;
    }
    setPaying(null);
    setFailed(answer.msg || t("payFailed"));
  };
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-xs"
      data-testid="statement-student"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold break-words">
          {student.name}
        </h2>
        <span className="text-sm font-medium tabular-nums" data-testid="statement-student-balance">
          {student.balances.map((b) => money(b.curr, b.amount)).join(" · ")}
        </span>
      </div>
      {failed && (
        <Notice tone="bad" title={t("payFailed")} testId="statement-pay-failed" heading="h2">
          <p className="text-sm">{failed}</p>
        </Notice>
      )}
      <h3 className="text-sm font-semibold">{t("orders")}</h3>
      {student.orders.length ? (
        <ul className="flex flex-col gap-2">
          {student.orders.map((o) => (
            <OrderCard key={o.ID} order={o} online={online} paying={paying === o.ID} onPay={() => void pay(o)} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{t("noOrders")}</p>
      )}
      <MoneyLines
        title={t("payments")}
        testId="statement-payment"
        lines={student.payments.map((p) => ({
          what: (
            <>
              {day(p.date)} · {p.refId ? t("receipt", { refId: p.refId }) : t("noReceipt")} · {tMethod(p.method)}
              {p.voided && <span className="ml-1 font-medium text-destructive">({t("voided")})</span>}
            </>
          ),
          amount: money(p.curr, p.amount),
        }))}
      />
      <MoneyLines
        title={t("refunds")}
        testId="statement-refund"
        lines={student.refunds.map((r) => ({
          what: `${day(r.date)}${r.voided.length > 0 ? ` · ${t("voidedReceipts", { refIds: r.voided.join(", ") })}` : ""}`,
          amount: money(r.curr, r.amount),
        }))}
      />
      {student.payers.length > 0 && (
        <p className="text-sm" data-testid="statement-payers">
          <span className="font-medium">{t("whoPays")}: </span>
          {student.payers
            .map(
              (p) =>
                `${t("payerShare", { name: p.name, percent: p.percent })}${p.shares.length ? ` (${p.shares.map((s) => money(s.curr, s.amount)).join(" · ")})` : ""}`,
            )
            .join("; ")}
        </p>
      )}
    </section>
  );
}

/**
 * /statement/{token}: a family's statement of account on a phone first, without an account (the signed link is the
 * key): the balance and the guardian's share, each child's orders (with "Pay" where the school takes payments
 * online), payments and refunds, and the PDF to keep. A forged or expired link gets a clear refusal.
 */
export function StatementPage({ token }: { token: string }) {
  const path = `statement/${encodeURIComponent(token)}`;
  const { loaded, reload } = usePublicLink<TStatementAnswer>(path);
  if (loaded.kind !== "ready") return <LinkPending state={loaded} namespace={NS} testId="statement" onRetry={reload} />;
  const statement = loaded.link;
  return (
    <Frame>
      <Summary statement={statement} pdfHref={`/api/${path}/pdf`} />
      {statement.students.map((s) => (
        <StudentPart key={s.ID} student={s} online={statement.online} token={token} />
      ))}
    </Frame>
  );
}
