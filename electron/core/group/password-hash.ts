// Passwords as nats-server keeps them in its config: bcrypt hashes (`$2b$…`), which nats-server
// checks a connecting client's password against, so a config file read by someone else gives
// away no password. Cost 10: each check is one connection's handshake, not a request.
import bcrypt from 'bcryptjs';

const COST = 10;

export function hashPassword(secret: string): Promise<string> {
  return bcrypt.hash(secret, COST);
}

/** The same, at once (head office's setup commands, which make a few). */
export function hashPasswordNow(secret: string): string {
  return bcrypt.hashSync(secret, COST);
}

export function isPasswordHash(text: string): boolean {
  return /^\$2[abxy]\$\d{2}\$/.test(text);
}
