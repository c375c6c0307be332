import HarkCore

/// A client call's outcome as an action carries it: the value, or the
/// failure already worded for the listener.
@MainActor
func apiResult<Value>(_ call: () async throws(APIError) -> Value) async -> Result<Value, FailureMessage> {
  do throws(APIError) {
    return .success(try await call())
  } catch {
    return .failure(FailureMessage(error.userMessage))
  }
}
