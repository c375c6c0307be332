/// `select` worked out again only when what it reads has changed.
///
/// Every subscriber's selector runs at every dispatch, and while a book plays
/// a dispatch comes every second with only the place changed. A selector that
/// does not read the place can take just the part of the state it reads:
/// `input` picks that part (cheap: the state's arrays and dictionaries compare
/// by identity first), and `select` sees nothing else, so it cannot go stale.
/// Each returned closure keeps its own last input and value: make one per
/// subscription.
public func memoized<Input: Equatable, Value>(
  _ input: @escaping (AppState) -> Input, _ select: @escaping (Input) -> Value
) -> (AppState) -> Value {
  var last: (input: Input, value: Value)?
  return { state in
    let current = input(state)
    if let last, last.input == current { return last.value }
    let value = select(current)
    last = (current, value)
    return value
  }
}
