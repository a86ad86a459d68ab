import { Card, CardDescription, CardHeader, CardTitle, cn } from "@pizarra/ui";

/** The school a page is for, as its sign-in page shows it: its name and, when it has one, its logo. */
export interface AuthBrand {
  name: string;
  logo: string | null;
  logoAlt: string;
}

/** A school's stored logo on a page of its own: a signed link, not a page asset, which next/image would only proxy. */
export function SchoolLogo({ src, alt, className }: { src: string; alt: string; className?: string }) {
  return <img src={src} alt={alt} className={cn("size-12 rounded-md border bg-white object-contain", className)} />;
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
            {brand.logo && <SchoolLogo src={brand.logo} alt={brand.logoAlt} />}
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
