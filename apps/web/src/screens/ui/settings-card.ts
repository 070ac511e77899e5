// Settings and its sub-screens are grouped in cards: each section a white, bordered box, so a
// long page on a phone reads as separate topics. Section titles sit a clear step below the
// screen's h1 (h1 26 px, section titles 20 px), a real heading scale.

export const SETTINGS_CARD =
  "flex flex-col gap-4 rounded-lg border border-beige-200 bg-surface p-4 mobile:p-6";

export const SETTINGS_CARD_TITLE = "text-h3 font-bold text-gray-900";
