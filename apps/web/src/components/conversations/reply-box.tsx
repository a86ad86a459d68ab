"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import {
  fillTemplate,
  REPLY_MAX,
  type TConversationDetail,
  type TConversationMessage,
  type TReplyTemplate,
  ZConversationReply,
  type ZConversationTranslateAnswer,
} from "@pizarra/contracts";
import { Button, FieldError, Label, NativeSelect, Input, Textarea } from "@pizarra/ui";
import { Languages, LoaderCircle, Send, TriangleAlert } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useId, useMemo, useState } from "react";
import { useForm, useWatch, type FieldValues, type Resolver } from "react-hook-form";
import type { z } from "zod";
import { api } from "@/client/api.ts";
import { useErrorMap } from "@/client/validation.ts";
import { LoadingLine } from "./loading-line.tsx";
import { useReplyTemplates } from "./use-inbox.ts";

const labelKey = (field: string) => `inbox.fields.${field}`;

interface ReplyProps {
  detail: TConversationDetail;
  onSent: (message: TConversationMessage) => void;
}

/** POST admConversations/{id}/messages: the reply the API answers, or null when it refused (the wrapper said why). */
async function sendReply(id: number, body: unknown): Promise<TConversationMessage | null> {
  const result = await api.post<TConversationMessage>(`admConversations/${id}/messages`, body);
  return result.ok ? result.envelope.data : null;
}

/**
 * Free text inside WhatsApp's window (002 §5: send is off while the text is empty; Enter sends, Shift+Enter starts a
 * new line), with a translation into the family's language when the school has a model and the family reads another.
 */
function TextReply({ detail, onSent }: ReplyProps) {
  const t = useTranslations("inbox");
  const locale = useLocale();
  const id = useId();
  const errorMap = useErrorMap(labelKey);
  const resolver = useMemo(() => zodResolver(ZConversationReply, { error: errorMap }) as unknown as Resolver<FieldValues>, [errorMap]);
  const form = useForm<FieldValues>({ resolver, defaultValues: { type: "text", msg: "" } });
  const msg = String(useWatch({ control: form.control, name: "msg" }) ?? "");
  const [translating, setTranslating] = useState(false);
  const { isSubmitting, errors } = form.formState;
  const empty = msg.trim() === "";

  const submit = form.handleSubmit(async (values) => {
    const sent = await sendReply(detail.ID, values);
    if (!sent) return;
    form.reset({ type: "text", msg: "" });
    onSent(sent);
  });

  const translate = async () => {
    setTranslating(true);
    const result = await api.post<z.output<typeof ZConversationTranslateAnswer>>(`admConversations/${detail.ID}/translate`, { msg });
    setTranslating(false);
    if (result.ok && result.envelope.data) form.setValue("msg", result.envelope.data.text, { shouldDirty: true });
  };

  const offerTranslation = detail.aiModel && detail.locale !== locale;
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-2 border-t p-3"
      data-testid="reply-form"
      aria-label={t("replyLabel")}
    >
      <Label htmlFor={`${id}-msg`} className="sr-only">
        {t("fields.msg")}
      </Label>
      <Textarea
        id={`${id}-msg`}
        rows={2}
        maxLength={REPLY_MAX}
        placeholder={t("replyPlaceholder")}
        aria-invalid={errors.msg ? true : undefined}
        aria-describedby={errors.msg ? `${id}-msg-error` : `${id}-msg-hint`}
        disabled={isSubmitting}
        data-testid="reply-text"
        className="max-h-40 resize-none"
        {...form.register("msg", { onChange: () => form.setValue("tagValues", []) })}
        onKeyDown={(event) => {
          if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
          event.preventDefault();
          if (!empty && !isSubmitting) void submit();
        }}
      />
      <FieldError id={`${id}-msg-error`}>{errors.msg?.message as string | undefined}</FieldError>
      <div className="flex flex-wrap items-center gap-2">
        <p id={`${id}-msg-hint`} className="mr-auto text-xs text-muted-foreground max-sm:sr-only">
          {t("enterSends")}
        </p>
        <div className="ml-auto flex gap-2">
          {offerTranslation && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={empty || translating || isSubmitting}
              onClick={() => void translate()}
              data-testid="reply-translate"
            >
              {translating ? <LoaderCircle className="animate-spin" aria-hidden /> : <Languages aria-hidden />}
              {t("translate", { language: t(`languages.${detail.locale}`) })}
            </Button>
          )}
          <Button type="submit" size="sm" disabled={empty || isSubmitting} data-testid="reply-send">
            {isSubmitting ? <LoaderCircle className="animate-spin" aria-hidden /> : <Send aria-hidden />}
            {t("send")}
          </Button>
        </div>
      </div>
    </form>
  );
}

/** Outside the 24-hour window only an approved template may go: one chosen, its tags typed, its text previewed. */
function TemplateReply({ detail, onSent }: ReplyProps) {
  const t = useTranslations("inbox");
  const id = useId();
  const templates = useReplyTemplates(detail.ID, true);
  const errorMap = useErrorMap(labelKey);
  const resolver = useMemo(() => zodResolver(ZConversationReply, { error: errorMap }) as unknown as Resolver<FieldValues>, [errorMap]);
  // The tags' values by position (`tagValues`): a tag may hold a dot, which a form's field path would read as nesting.
  const empty = { type: "template", msg: "", params: {}, tagValues: [] };
  const form = useForm<FieldValues>({ resolver, defaultValues: empty });
  const chosen = String(useWatch({ control: form.control, name: "msg" }) ?? "");
  const typed = (useWatch({ control: form.control, name: "tagValues" }) ?? []) as string[];
  const { isSubmitting } = form.formState;
  const template: TReplyTemplate | undefined = templates?.find((item) => item.ID === chosen);
  const params = Object.fromEntries((template?.tags ?? []).map((tag, i) => [tag, typed[i] ?? ""]));
  const missing = !template || template.tags.some((tag) => !params[tag]!.trim());

  const submit = form.handleSubmit(async (values) => {
    const sent = await sendReply(detail.ID, { type: values.type, msg: values.msg, params });
    if (!sent) return;
    form.reset(empty);
    onSent(sent);
  });

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-3 border-t p-3" data-testid="template-form" aria-label={t("templateLabel")}>
      <p className="flex items-start gap-2 text-sm" data-testid="window-closed">
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning-foreground" aria-hidden />
        {t("windowClosed")}
      </p>
      {templates === null ? (
        <LoadingLine />
      ) : templates.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="no-templates">
          {t("noTemplates")}
        </p>
      ) : (
        <>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-template`}>{t("fields.template")}</Label>
            <NativeSelect
              id={`${id}-template`}
              disabled={isSubmitting}
              data-testid="template-select"
              {...form.register("msg", { onChange: () => form.setValue("tagValues", []) })}
            >
              <option value="">{t("chooseTemplate")}</option>
              {templates.map((item) => (
                <option key={item.ID} value={item.ID}>
                  {item.name}
                </option>
              ))}
            </NativeSelect>
            <FieldError id={`${id}-template-error`}>{form.formState.errors.msg?.message as string | undefined}</FieldError>
          </div>
          {template && template.tags.length > 0 && (
            <fieldset className="grid grid-cols-1 gap-2 sm:grid-cols-2">
              <legend className="mb-1 text-sm font-medium">{t("tags")}</legend>
              {template.tags.map((tag, i) => (
                <div key={tag} className="flex flex-col gap-1">
                  <Label htmlFor={`${id}-tag-${tag}`}>{tag}</Label>
                  <Input
                    id={`${id}-tag-${tag}`}
                    maxLength={1000}
                    disabled={isSubmitting}
                    data-testid={`template-tag-${tag}`}
                    {...form.register(`tagValues.${i}`)}
                  />
                </div>
              ))}
            </fieldset>
          )}
          {template?.content && (
            <div className="flex flex-col gap-1">
              <span className="text-sm font-medium">{t("preview")}</span>
              <p className="rounded-md border bg-muted/50 p-2 text-sm whitespace-pre-wrap break-words" data-testid="template-preview">
                {fillTemplate(template.content, params)}
              </p>
            </div>
          )}
          <div className="flex justify-end">
            <Button type="submit" size="sm" disabled={missing || isSubmitting} data-testid="template-send">
              {isSubmitting ? <LoaderCircle className="animate-spin" aria-hidden /> : <Send aria-hidden />}
              {t("sendTemplate")}
            </Button>
          </div>
        </>
      )}
    </form>
  );
}

/** The reply: free text while WhatsApp's window is open, else an approved template (the API refuses the rest). */
export function ReplyBox(props: ReplyProps) {
  return props.detail.windowOpen ? <TextReply {...props} /> : <TemplateReply {...props} />;
}
