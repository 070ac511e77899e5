// Writes old-shop-customers.csv: one customer per hash kind the importer accepts, one without a
// password and a few bad rows. The hashes are salted at random, so every run writes another
// file for the same passwords (README.md beside it). Run: node apps/identity/import/sample/make-sample.ts
import { createHash, pbkdf2Sync, randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { hashSync as argon2Hash } from "@node-rs/argon2";
import bcrypt from "bcryptjs";
import { phpassHash } from "../../src/hash/phpass.ts";

const itoa64 = "./0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const phpassSalt = (): string => Array.from(randomBytes(8), (byte) => itoa64[byte & 0x3f]).join("");
const b64 = (value: string | Buffer): string => Buffer.from(value).toString("base64");
const unpadded = (value: Buffer): string => value.toString("base64").replace(/=+$/, "");

function pf(digest: string, password: string): string {
  const salt = randomBytes(8).toString("hex");
  const format = "{SALT}{PASSWORD}";
  const hash = createHash(digest)
    .update(salt + password)
    .digest();
  return `$${digest}$pf=${b64(format)}$${b64(salt)}$${b64(hash)}`;
}

const hashes: Record<string, (password: string) => string> = {
  // PHP's password_hash writes $2y$; bcryptjs writes $2b$, the same algorithm.
  bcrypt: (p) => bcrypt.hashSync(p, 10).replace(/^\$2b\$/, "$2y$"),
  phpassP: (p) => phpassHash(p, `$P$B${phpassSalt()}`),
  phpassH: (p) => phpassHash(p, `$H$9${phpassSalt()}`),
  argon2id: (p) => argon2Hash(p, { algorithm: 2, memoryCost: 4096, timeCost: 3, parallelism: 1 }),
  pbkdf2: (p) => {
    const salt = randomBytes(16);
    const hash = pbkdf2Sync(p, salt, 10_000, 32, "sha256");
    return `$pbkdf2-sha256$i=10000,l=32$${unpadded(salt)}$${unpadded(hash)}`;
  },
  md5: (p) => pf("md5", p),
  sha1: (p) => pf("sha1", p),
  ssha256: (p) => {
    const salt = randomBytes(8);
    return `{SSHA256}${b64(Buffer.concat([createHash("sha256").update(p).update(salt).digest(), salt]))}`;
  },
};

const rows: string[][] = [
  ["email", "first_name", "last_name", "password_hash", "verified"],
  ["anna.becker@old-shop.example", "Anna", "Becker", hashes.bcrypt!("Monstera-2019"), "true"],
  ["paul.wagner@old-shop.example", "Paul", "Wagner", hashes.phpassP!("Farnwedel-77"), "true"],
  ["lea.schulz@old-shop.example", "Lea", "Schulz", hashes.phpassH!("Kaktusblüte-5"), "true"],
  ["jonas.meyer@old-shop.example", "Jonas", "Meyer", hashes.argon2id!("Efeutute-2020"), "true"],
  ["mia.hoffmann@old-shop.example", "Mia", "Hoffmann", hashes.pbkdf2!("Bonsai-Schere-8"), "true"],
  ["ben.koch@old-shop.example", "Ben", "Koch", hashes.md5!("Orchidee-1234"), "true"],
  ["emma.richter@old-shop.example", "Emma", "Richter", hashes.sha1!("Sukkulente-42"), "true"],
  ["noah.klein@old-shop.example", "Noah", "Klein", hashes.ssha256!("Zimmerlinde-9"), "true"],
  ["clara.wolf@old-shop.example", "Clara", "Wolf", "", "false"],
  ["not-an-email", "Falsche", "Adresse", hashes.bcrypt!("Monstera-2019"), "true"],
  [
    "luis.neumann@old-shop.example",
    "Luis",
    "Neumann",
    "$1$saltsalt$2vnaRpHa6Jxjz5n83ok8Z0",
    "true",
  ],
  ["", "Ohne", "Adresse", "", "false"],
];
const csv = rows
  .map((row) => row.map((v) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)).join(","))
  .join("\n");
writeFileSync(new URL("./old-shop-customers.csv", import.meta.url), `${csv}\n`);
