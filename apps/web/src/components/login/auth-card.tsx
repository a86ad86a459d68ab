import { Card, CardDescription, CardHeader, CardTitle, cn } from "@pizarra/ui";

/** The school a page is for, as its sign-in page shows it: its name and, when it has one, its logo. */
export interface AuthBrand {
  name: string;
  logo: string | null;
  logoAlt: string;
}

/**
 * The card of an authentication page (/user/login, /user/register): the page's heading, a line under it, its content;
 * above them the school's logo and name when the page is one school's.
 */
export function AuthCard({
  title,
  subtitle,
  brand,
  className,
  children,
}: {
  title: string;
  subtitle: string;
  brand?: AuthBrand | null;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Card className={cn("w-full max-w-sm", className)}>
      <CardHeader>
        {brand && (
          <div className="mb-2 flex items-center gap-3" data-testid="auth-brand">
            {brand.logo && (
              // A signed link to the school's stored logo, not a page asset: next/image would only proxy it.
              <img src={brand.logo} alt={brand.logoAlt} className="size-12 rounded-md border bg-white object-contain" />
            )}
            <p className="font-semibold text-primary">{brand.name}</p>
          </div>
        )}
        <CardTitle className="text-xl">
          <h1>{title}</h1>
        </CardTitle>
        <CardDescription>{subtitle}</CardDescription>
      </CardHeader>
      {children}
    </Card>
  );
}
