// A plain Next.js app; nothing of the repository's web app is shared.
export default {};
