// The generator derives a property's missing labels from its name; drafts use the same derivation.
export { labelsOf, splitWords, wordOfChinese } from '@schema-admin/generator';
