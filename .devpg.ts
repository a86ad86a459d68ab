import { ensureDatabase } from "./scripts/lib/database.ts";
const db = await ensureDatabase({ name: "devx", port: 54350 });
console.log("READY", db.adminUrl);
setInterval(() => {}, 1 << 30);
