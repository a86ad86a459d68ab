import { AppShell } from "@/components/shell/app-shell.tsx";

export default function AppLayout({ children }: { children: React.ReactNode }) {
  return <AppShell>{children}</AppShell>;
}
