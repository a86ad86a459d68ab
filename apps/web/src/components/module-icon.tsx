import { cn } from "@pizarra/ui";
import { spriteIcon } from "./module-icon-names.ts";

/** A module's icon, drawn from the sprite with lucide's sizing and strokes (a stylesheet's size wins, as for lucide's). */
export function ModuleIcon({ name, className }: { name: string | null; className?: string }) {
  return (
    <svg
      aria-hidden
      className={cn("lucide", className)}
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <use href={`/module-icons.svg#${spriteIcon(name)}`} />
    </svg>
  );
}
