/** The first-draft schema of issue 39: no `$schema`, an entity label in English only. */
export const FIRST_DRAFT = `{ "$id": "library/book", "x-table": "library_book", "type": "object",
  "x-label": { "en": "Book" },
  "x-api": ["add", "delete", "update", "info", "list", "page"],
  "properties": {
    "title": { "type": "string", "maxLength": 50 },
    "isbn": { "type": "string", "maxLength": 20, "x-unique": true },
    "price": { "type": "number", "x-column": { "type": "decimal", "precision": 10, "scale": 2 } },
    "published": { "type": "string", "format": "date" } },
  "required": ["title"] }
`;
