export { cn } from "./cn.ts";
export {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "./alert-dialog.tsx";
export { Avatar, AvatarFallback, AvatarImage } from "./avatar.tsx";
export { Badge, badgeVariants } from "./badge.tsx";
export { Button, buttonVariants, type ButtonProps } from "./button.tsx";
export { Checkbox } from "./checkbox.tsx";
export { ContextMenu, ContextMenuContent, ContextMenuItem, ContextMenuSeparator, ContextMenuTrigger } from "./context-menu.tsx";
export { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "./card.tsx";
export {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogOverlay,
  DialogTitle,
  DialogTrigger,
} from "./dialog.tsx";
export {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "./dropdown-menu.tsx";
export { Input, NativeSelect, Textarea } from "./input.tsx";
export { Field, FieldError, fieldControl, Label } from "./label.tsx";
export { Popover, PopoverAnchor, PopoverContent, PopoverTrigger } from "./popover.tsx";
export { Separator } from "./separator.tsx";
export { Sheet, SheetBody, SheetClose, SheetContent, SheetDescription, SheetFooter, SheetHeader, SheetTitle, SheetTrigger } from "./sheet.tsx";
export { Switch } from "./switch.tsx";
export { Tabs, TabsContent, TabsList, TabsTrigger } from "./tabs.tsx";
export { whenIdle } from "./idle.ts";
export { Toaster, TOPBAR_HEIGHT_VAR, toast } from "./toaster.tsx";
export { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger, WithTooltip } from "./tooltip.tsx";
