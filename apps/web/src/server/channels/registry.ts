import type { Channel, ChannelName } from "./channel.ts";
import { mail } from "./mail.ts";
import { push } from "./push.ts";
import { whatsapp } from "./whatsapp.ts";

/** Every way out, by name. */
export const CHANNEL_BY_NAME: Record<ChannelName, Channel> = { mail, whatsapp, push };
