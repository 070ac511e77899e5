// Tests make many requests from one address (127.0.0.1), as no shop's customers do: the bot
// defence counts them far below its thresholds (docs/security.md#the-thresholds-and-why). Its
// own tests (bot-defence.test.ts) set them low. A new object each time: the configuration
// loader and the harness's merge write into the tree they are given.
export const liftedBotDefence = (): Record<string, unknown> => ({
  ip: { challenge_from: 100000, refuse_from: 100000 },
  network: { challenge_from: 100000, refuse_from: 100000 },
  target: { challenge_from: 1000, refuse_from: 1000 },
  surge: { min_per_minute: 100000 },
  credential_stuffing: { min_failures: 100000 },
});
