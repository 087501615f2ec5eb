// the rule's one home is server/rules/links.ts (the platform refuses such a link when it is set)
export { isWebUrl } from "#rules/links";
