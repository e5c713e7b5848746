/** The one error envelope every endpoint answers with (ARCHITECTURE.md, API shape). */
export interface ApiErrorBody {
  error: {
    code: string;
    message: string;
    fields?: Record<string, string>;
  };
}
