/** Set by script in the browser: it runs JavaScript (see screens/loading/loading-screen.tsx). */
export const SCRIPT_COOKIE = "moos_js";
