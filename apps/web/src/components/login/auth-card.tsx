import { Card, CardDescription, CardHeader, CardTitle, cn } from "@pizarra/ui";

/** The card of an authentication page (/user/login, /user/register): the page's heading, a line under it, its content. */
export function AuthCard({ title, subtitle, className, children }: { title: string; subtitle: string; className?: string; children: React.ReactNode }) {
  return (
    <Card className={cn("w-full max-w-sm", className)}>
      <CardHeader>
        <CardTitle className="text-xl">
          <h1>{title}</h1>
        </CardTitle>
        <CardDescription>{subtitle}</CardDescription>
      </CardHeader>
      {children}
    </Card>
  );
}
