// Demo PINs for the sandbox's seeded staff (docs/sandbox.md), used only when the roster is seeded
// in sandbox mode. Never applied against a real service.
export const DEMO_PINS: Record<string, string> = {
  '2001': '9999', // Alex Manager: the sandbox's manager PIN
  '2002': '1111', // Sam Server
  '2004': '2222', // Jordan Bartender
  '2006': '3333', // Morgan Server
  '2005': '4444', // Casey Bartender
  '2003': '5555', // Riley Host
};

export const DEMO_MANAGERS = ['2001'];
