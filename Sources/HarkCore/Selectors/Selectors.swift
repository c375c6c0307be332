// Pure functions from state to the small values views render. A view subscribes
// to one of these and re-renders only when its result changes.

/// The visible page.
public func selectPage(_ s: AppState) -> Page {
  s.navigation.page
}

/// The user's preferences.
public func selectSettings(_ s: AppState) -> Settings {
  s.settings
}
