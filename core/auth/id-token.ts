/**
 * Some services add an `id_token` to every token response, asked for or not. Roomdeck asks for no
 * OpenID Connect scope, so such a token is not for it: oauth4webapi would try to validate it as an
 * OIDC ID Token and fail the whole sign-in. An ID Token the client did not request (no `openid` in
 * its scope, OIDC Core §3.1.2.1) is removed before the response is processed; everything else,
 * including an unreadable body, reaches oauth4webapi untouched so its errors stay its own.
 */
export async function withoutUnrequestedIdToken(response: Response, scope: string): Promise<Response> {
  if (scope.split(/\s+/).includes('openid')) return response;
  if (!(response.headers.get('content-type') ?? '').includes('json')) return response;
  const text = await response.text();
  const init = { status: response.status, statusText: response.statusText, headers: response.headers };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(text, init);
  }
  if (typeof body !== 'object' || body === null || !('id_token' in body)) return new Response(text, init);
  const { id_token: _ignored, ...rest } = body as Record<string, unknown>;
  return new Response(JSON.stringify(rest), init);
}
