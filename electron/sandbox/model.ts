// The sandbox's entity types: the seeded venue and the OAuth state it mutates.
// These are the sandbox's own internal records, not wire shapes: routes decide what to expose,
// so later issues can add fields here without changing any response by accident.

export interface SandboxLocation {
  uuid: string;
  /** The service also has plain IDs beside UUIDs (webhooks carry locationId). */
  id: string;
  name: string;
  timezone: string;
  featureFlags: { tab_pass_spend_limits: boolean };
}

/** A person who can sign in on the consent page (authorization-code flow). */
export interface DemoUser {
  /** Same value as the staff user_id, so labor entries and consent share one identity. */
  id: string;
  name: string;
  email: string;
  /** Locations this user can access; user tokens see these ∩ locations that authorised the integration. */
  locationUuids: string[];
}

export interface StaffRole {
  uuid: string;
  /** Lower-case role name, as labor entries carry it in user_role. */
  name: string;
}

/** One person working one role at one location. */
export interface StaffMember {
  userId: string;
  name: string;
  locationUuid: string;
  roleUuid: string;
  role: string;
}

export interface Category {
  uuid: string;
  id: string;
  name: string;
  locationUuid: string;
}

/** Gateways: INTERNAL, or a third-party identifier (the spec writes them <GATEWAY_A> etc.). */
export type GiftCardGateway = 'INTERNAL' | 'GATEWAY_A' | 'GATEWAY_B' | 'GATEWAY_C';

export interface Product {
  uuid: string;
  id: string;
  name: string;
  priceCents: number;
  categoryUuid: string;
  category: string;
  locationUuid: string;
  tags: string[];
  /** Present only on gift-card products. */
  giftCard: { giftCardType: string; gateway: GiftCardGateway } | null;
}

export interface Zone {
  uuid: string;
  id: string;
  name: string;
  groupName: string;
  tags: string[];
  locationUuid: string;
}

export interface Spot {
  uuid: string;
  id: string;
  name: string;
  zoneUuid: string;
  locationUuid: string;
}

export interface TabPass {
  xPassId: string;
  locationUuid: string;
  name: string;
  /** null = no limit. amount is in cents. */
  spendLimit: { amount: number; enforce: 'pre' | 'post' } | null;
}

export interface Integration {
  accessId: string;
  accessSecret: string;
  name: string;
  /** Exact strings: the consent page compares redirect_url with ===, never normalised. */
  redirectUrls: string[];
  /** Locations that authorised this integration (the service's "location must have authorised the application"). */
  authorizedLocationUuids: Set<string>;
  /** Locations subscribed through POST /loc/subscribe. */
  subscribedLocationUuids: Set<string>;
  createdAtMs: number;
}

export type TokenKind = 'client' | 'user';

export interface AccessTokenRecord {
  token: string;
  kind: TokenKind;
  accessId: string;
  /** Set for user (authorization-code) tokens only. */
  userId: string | null;
  /** The refresh token this access token came from (user tokens only). */
  refreshToken: string | null;
  issuedAtMs: number;
  expiresAtMs: number;
  revoked: boolean;
}

export interface RefreshTokenRecord {
  refreshToken: string;
  accessId: string;
  userId: string;
  issuedAtMs: number;
  revoked: boolean;
}

export interface AuthCodeRecord {
  code: string;
  accessId: string;
  userId: string;
  redirectUrl: string;
  issuedAtMs: number;
  expiresAtMs: number;
  used: boolean;
}

/** What a consent page was rendered for; the form's nonce points here so hidden fields can't be tampered with. */
export interface ConsentRecord {
  nonce: string;
  accessId: string;
  redirectUrl: string;
  /** undefined when the client sent no state (then none is returned). */
  state: string | undefined;
  issuedAtMs: number;
  used: boolean;
}
