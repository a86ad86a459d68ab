import { Prisma } from "@pizarra/db";
import { AppError } from "./app-error.ts";

/** A refusal the caller can understand: an AppError, or what a database answer means for the caller. */
export function asAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    if (error.code === "P2025") return new AppError(-404, "api.notFound", 404);
    if (error.code === "P2002") return new AppError(-409, "api.duplicate", 409);
    if (error.code === "P2003") return new AppError(-409, "api.inUse", 409);
  }
  return null;
}
