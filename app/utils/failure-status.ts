/**
 * The HTTP status of an action or loader that the platform refused: 400, the page shows the
 * member why; a failure of the platform itself (5xx) keeps its status, so monitoring sees it.
 */
export function failureStatus(status: number): number {
  return status >= 500 ? status : 400;
}
