import {
  createHash,
  createPrivateKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  sign,
} from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

// A software WebAuthn authenticator for the contract tests: EC P-256 keys from node:crypto,
// attestation "none" and assertions built by hand as WebAuthn Level 3 §6.1 / §6.5 lay them out,
// answered in the JSON shape Kratos's webauthn.js posts. Overrides make the wrong-origin,
// wrong-RP-id and replay cases.

interface Key {
  privateKey: KeyObject;
  cose: Uint8Array;
  userHandle: string;
  rpId: string;
  counter: number;
}

export interface PublicKeyOptions {
  challenge: string;
  rp?: { id?: string };
  rpId?: string;
  user?: { id: string };
}

export interface Tamper {
  origin?: string;
  rpId?: string;
  challenge?: string;
  /** Registers without the user-present flag, as a conditional create may (no one was asked). */
  withoutPresence?: boolean;
}

/** What the trigger and hidden nodes carry, as `navigator.credentials` takes it. */
export interface CeremonyOptions {
  publicKey: PublicKeyOptions;
}

const b64u = (bytes: Uint8Array): string => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string): Buffer => createHash("sha256").update(data).digest();

export class SoftwareAuthenticator {
  readonly keys = new Map<string, Key>();

  readonly origin: string;
  readonly rpId: string;

  constructor(origin: string, rpId: string) {
    this.origin = origin;
    this.rpId = rpId;
  }

  /**
   * navigator.credentials.create: a new key for the options' user, as the JSON string to post;
   * `credentialId` registers an existing key again (a key moved to another account).
   */
  register(
    options: CeremonyOptions,
    tamper: Tamper & { credentialId?: string; aaguid?: string } = {},
  ): string {
    const { publicKey } = options;
    const rpId = tamper.rpId ?? publicKey.rp?.id ?? this.rpId;
    const reused = tamper.credentialId ? this.keys.get(tamper.credentialId) : undefined;
    const pair = reused ? undefined : generateKeyPairSync("ec", { namedCurve: "P-256" });
    const jwk = pair?.publicKey.export({ format: "jwk" }) ?? {};
    const cose =
      reused?.cose ??
      isoCBOR.encode(
        new Map<number, number | Uint8Array>([
          [1, 2], // kty: EC2
          [3, -7], // alg: ES256
          [-1, 1], // crv: P-256
          [-2, new Uint8Array(Buffer.from(jwk.x ?? "", "base64url"))],
          [-3, new Uint8Array(Buffer.from(jwk.y ?? "", "base64url"))],
        ]),
      );
    const credentialId = tamper.credentialId
      ? Buffer.from(tamper.credentialId, "base64url")
      : randomBytes(32);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    // flags: user present, user verified, attested credential data; backup eligible + state.
    const presence = tamper.withoutPresence ? 0 : 0x01;
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([presence | 0x04 | 0x08 | 0x10 | 0x40]),
      Buffer.alloc(4),
      // The provider's AAGUID where one is given (a password manager), else all zeros.
      tamper.aaguid ? Buffer.from(tamper.aaguid.replaceAll("-", ""), "hex") : Buffer.alloc(16),
      idLength,
      credentialId,
      Buffer.from(cose),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ["fmt", "none"],
        ["attStmt", new Map<string, string>()],
        ["authData", new Uint8Array(authData)],
      ]),
    );
    const id = b64u(credentialId);
    this.keys.set(id, {
      privateKey:
        reused?.privateKey ??
        createPrivateKey(pair?.privateKey.export({ format: "pem", type: "pkcs8" }) ?? ""),
      cose,
      userHandle: publicKey.user?.id ?? "",
      rpId,
      counter: 0,
    });
    return JSON.stringify({
      id,
      rawId: id,
      type: "public-key",
      response: {
        attestationObject: b64u(attestationObject),
        clientDataJSON: this.clientData("webauthn.create", publicKey.challenge, tamper),
        transports: ["internal"],
      },
    });
  }

  /** navigator.credentials.get with the given key (default: the last one registered). */
  assert(options: CeremonyOptions, tamper: Tamper & { credentialId?: string } = {}): string {
    const id = tamper.credentialId ?? [...this.keys.keys()].at(-1);
    const key = id ? this.keys.get(id) : undefined;
    if (!id || !key) throw new Error("the authenticator has no such key");
    key.counter += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(key.counter);
    const authData = Buffer.concat([
      sha256(tamper.rpId ?? key.rpId),
      Buffer.from([0x01 | 0x04 | 0x08 | 0x10]),
      counter,
    ]);
    const clientDataJSON = this.clientData("webauthn.get", options.publicKey.challenge, tamper);
    const signature = sign(
      "sha256",
      Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, "base64url"))]),
      key.privateKey,
    );
    return JSON.stringify({
      id,
      rawId: id,
      type: "public-key",
      response: {
        authenticatorData: b64u(authData),
        clientDataJSON,
        signature: b64u(signature),
        userHandle: key.userHandle,
      },
    });
  }

  private clientData(type: string, challenge: string, tamper: Tamper): string {
    return Buffer.from(
      JSON.stringify({
        type,
        challenge: tamper.challenge ?? challenge,
        origin: tamper.origin ?? this.origin,
        crossOrigin: false,
      }),
    ).toString("base64url");
  }
}
