/**
 * CSV as RFC 4180 writes it: CRLF between records, a field in double quotes when it holds a comma,
 * a double quote, a CR or an LF, and a double quote inside doubled. Numbers are written as they
 * are (integers of minor units), null as an empty field.
 *
 * Finance and admin open these files in a spreadsheet, which runs a cell that starts with `=`, `+`,
 * `-` or `@` (or a tab or CR) as a formula. A text field that starts so and holds anything but the
 * characters of ids and accounts (letters, digits, `_ . @ -`, which can name no function) gets a
 * leading `'`, which spreadsheets read as "this is text": `=HYPERLINK(…)` in an operator's name is
 * shown, never run. Ids and accounts are written as they are, so a file still matches the records;
 * numbers are not texts, so a negative amount is still a number.
 */
export type CsvValue = string | number | boolean | null;

const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@\t\r]/;
const ID_LIKE = /^[A-Za-z0-9_.@-]*$/;

const formulaLike = (value: CsvValue): value is string =>
  typeof value === "string" && FORMULA_START.test(value) && !ID_LIKE.test(value);

export function csvField(value: CsvValue): string {
  if (value === null) return "";
  const text = formulaLike(value) ? `'${value}` : String(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A header line and one line per row, each ending in CRLF. */
export function csv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => `${row.map(csvField).join(",")}\r\n`).join("");
}

/** The records of a CSV text (RFC 4180), the header first: the tests and the CLI read files back with it. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      record.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      i++;
    } else field += c;
  }
  if (field !== "" || record.length > 0) records.push([...record, field]);
  return records;
}
