import { Button } from "@pizarra/ui";
import { TriangleAlert } from "lucide-react";
import Link from "next/link";

/** The error page's body (spec 000 §2.4): a message and a go-back-home button. */
export function ErrorNotice({ title, message, homeLabel }: { title: string; message: string; homeLabel: string }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-5 px-6 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <TriangleAlert className="size-7" aria-hidden />
      </span>
      <div className="flex max-w-md flex-col gap-2">
        <h1 className="text-2xl font-semibold">{title}</h1>
        <p className="text-muted-foreground">{message}</p>
      </div>
      <Button asChild data-testid="error-home">
        <Link href="/">{homeLabel}</Link>
      </Button>
    </main>
  );
}
