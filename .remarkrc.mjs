// `npm run test:links`: remark-validate-links checks, offline, every relative link and anchor in
// README.md and docs/ (files exist, headings exist). `repository: false`: links are checked as
// files on disk, without asking git for a remote.
import remarkValidateLinks from "remark-validate-links";

export default { plugins: [[remarkValidateLinks, { repository: false }]] };
