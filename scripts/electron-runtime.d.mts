export function electronBinary(
  root?: string,
): { ok: true; binary: string; reason?: undefined } | { ok: false; reason: string; binary?: undefined };
