import XCTest

@testable import NoteMarkup

final class NoteMarkupTests: XCTestCase {
  /// Each case renders exactly as expected, is well-formed, and its text is
  /// `notePlainText`.
  private func check(_ cases: [(String, String)], file: StaticString = #filePath, line: UInt = #line) {
    for (markdown, expected) in cases {
      let markup = noteMarkup(markdown)
      XCTAssertEqual(markup, expected, markdown.debugDescription, file: file, line: line)
      assertConsistent(markdown, markup: markup, file: file, line: line)
    }
  }

  private func assertConsistent(
    _ markdown: String, markup: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    if let problem = wellFormednessProblem(markup) {
      XCTFail(
        "\(problem) in \(markup.debugDescription) from \(markdown.debugDescription)", file: file, line: line)
      return
    }
    guard !markdown.contains("▎") else { return }
    XCTAssertEqual(
      notePlainText(markdown), textOfMarkup(markup), "plain text of \(markdown.debugDescription)", file: file,
      line: line)
  }

  // MARK: Text and escaping

  func testPlainTextIsEscaped() {
    check([
      ("", ""), ("Hello, world", "Hello, world"),
      ("a & b < c > d \"e\" 'f'", "a &amp; b &lt; c &gt; d &quot;e&quot; &apos;f&apos;"),
      ("<b>bold</b>", "&lt;b&gt;bold&lt;/b&gt;"),
      ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
      ("<span foreground=\"red\">x</span>", "&lt;span foreground=&quot;red&quot;&gt;x&lt;/span&gt;"),
      // Entities are decoded (CommonMark), then escaped again.
      ("&amp; &#60; &lt;", "&amp; &lt; &lt;"),
      ("]]> <!-- x --> <![CDATA[", "]]&gt; &lt;!-- x --&gt; &lt;![CDATA["),
    ])
  }

  func testLineBreaksAndParagraphs() {
    check([
      ("one\ntwo", "one\ntwo"), ("one\n\ntwo", "one\n\ntwo"), ("one\n\n\n\ntwo", "one\n\ntwo"),
      ("\n\n  one  \n\n", "one"), ("  indented\n\tline  ", "indented\nline"),
      ("a\r\nb\rc\n\r\nd", "a\nb\nc\n\nd"),
      // A hard break's trailing spaces or backslash go; the newline stays.
      ("a  \nb", "a\nb"), ("a\\\nb", "a\nb"), ("end\\", "end\\"),
      ("   \n\t\n", ""),
    ])
  }

  func testControlCharactersAreDropped() {
    check([
      ("a\u{0}b\u{7}c\u{1B}[31md", "abc[31md"), ("tab\there", "tab\there"),
      ("a\u{7F}b\u{85}c\u{9F}d", "abcd"), (noncharacters(0xFFFE, 0xFDD0) + "x" + noncharacters(0x10FFFF, 0x1FFFE), "x"),
      ("\u{0}\u{0}\u{0}", ""), ("**\u{0}b\u{0}**", "<b>b</b>"),
    ])
  }

  func testUnicodeTextIsKept() {
    check([
      ("שלום *עולם*", "שלום <i>עולם</i>"), ("مرحبا **بالعالم**", "مرحبا <b>بالعالم</b>"),
      ("😀 **👍**", "😀 <b>👍</b>"), ("*👨‍👩‍👧*", "<i>👨‍👩‍👧</i>"), ("e\u{301} _é_", "e\u{301} <i>é</i>"),
      ("\u{202E}evil", "\u{202E}evil"), ("日本語の*強調*です", "日本語の<i>強調</i>です"),
    ])
  }

  // MARK: Emphasis

  func testEmphasis() {
    check([
      ("**bold**", "<b>bold</b>"), ("__bold__", "<b>bold</b>"), ("*italic*", "<i>italic</i>"),
      ("_italic_", "<i>italic</i>"), ("~~gone~~", "<s>gone</s>"),
      ("***both***", "<i><b>both</b></i>"), ("___both___", "<i><b>both</b></i>"),
      ("**bold *and italic***", "<b>bold <i>and italic</i></b>"),
      ("*a **b** c*", "<i>a <b>b</b> c</i>"), ("~~*a* **b**~~", "<s><i>a</i> <b>b</b></s>"),
      ("a*b*c", "a<i>b</i>c"), ("**a**b", "<b>a</b>b"),
      ("*multi\nline*", "<i>multi\nline</i>"),
    ])
  }

  func testUnderscoresInsideWordsAreText() {
    check([
      ("snake_case_name", "snake_case_name"), ("a_b_c", "a_b_c"), ("__init__", "<b>init</b>"),
      ("file_name_v2.txt and _this_", "file_name_v2.txt and <i>this</i>"),
      ("_a_b", "_a_b"), ("foo__bar__", "foo__bar__"),
    ])
  }

  func testUnbalancedMarkersAreLiteral() {
    check([
      ("*unclosed", "*unclosed"), ("**unclosed*", "*<i>unclosed</i>"), ("*a**", "<i>a</i>*"),
      ("2 * 3 * 4", "2 * 3 * 4"), ("x * not * y", "x * not * y"), ("**", "**"), ("a ****", "a ****"),
      ("~5 min", "~5 min"), ("~single~", "~single~"), ("a ~~~x~~~", "a ~~~x~~~"), ("~~open", "~~open"),
      ("*a ~~b* c~~", "<i>a ~~b</i> c~~"), ("**a *b** c*", "<i><i>a <i>b</i></i> c</i>"),
      ("_a*", "_a*"), ("*a_", "*a_"), ("*a\n\nb*", "*a\n\nb*"),
    ])
  }

  func testBackslashEscapes() {
    check([
      ("\\*literal\\*", "*literal*"), ("\\\\", "\\"), ("\\a\\1", "\\a\\1"), ("5\\$ \\# \\_x\\_", "5$ # _x_"),
      ("\\<b\\>", "&lt;b&gt;"), ("\\[not\\](https://e.com)", "[not](https://e.com)"),
      ("\\`not code`", "`not code`"), ("\\- not a list", "- not a list"), ("\\# not a heading", "# not a heading"),
      ("\\> not a quote", "&gt; not a quote"), ("\\~~a~~", "~~a~~"),
    ])
  }

  // MARK: Code

  func testCodeSpans() {
    check([
      ("`code`", "<tt>code</tt>"), ("`**not bold**`", "<tt>**not bold**</tt>"),
      ("`<tag> & 'q'`", "<tt>&lt;tag&gt; &amp; &apos;q&apos;</tt>"), ("`` a ` b ``", "<tt>a ` b</tt>"),
      ("` `", "<tt> </tt>"), ("`  x  `", "<tt> x </tt>"), ("`a\nb`", "<tt>a b</tt>"),
      ("`\\*`", "<tt>\\*</tt>"), ("*a `*` b*", "<i>a <tt>*</tt> b</i>"),
      ("`[a](https://e.com)`", "<tt>[a](https://e.com)</tt>"),
      ("`unclosed", "`unclosed"), ("``two`", "``two`"), ("`a``b`", "<tt>a``b</tt>"),
    ])
  }

  func testFencedCodeBlocks() {
    check([
      ("```\nlet x = 1 < 2 && y\n```", "<tt>let x = 1 &lt; 2 &amp;&amp; y</tt>"),
      (
        "```swift\n**no** *format* [a](https://e.com)\n\n  indented\n```",
        "<tt>**no** *format* [a](https://e.com)\n\n  indented</tt>"
      ),
      ("Before\n```\ncode\n```\nAfter", "Before\n<tt>code</tt>\nAfter"),
      ("Before\n\n```\ncode\n```\n\nAfter", "Before\n\n<tt>code</tt>\n\nAfter"),
      ("~~~\n```\n~~~", "<tt>```</tt>"), ("````\n```\n````", "<tt>```</tt>"),
      ("```\nx\n`````", "<tt>x</tt>"),
      (
        "```\n# not a heading\n> nor a quote\n```",
        "<tt># not a heading\n&gt; nor a quote</tt>"
      ),
      ("  ```\n    two\n one\n  ```", "<tt>  two\none</tt>"),
      ("```\n\ttab  \n```", "<tt>\ttab  </tt>"), ("```\n```", ""),
      ("> ```\n> code\n> ```", "<i>▎ <tt>code</tt></i>"),
      // Never closed: the block runs to the end of the note (CommonMark).
      ("```\nunclosed *x*", "<tt>unclosed *x*</tt>"), ("```\n``", "<tt>``</tt>"),
      ("``` js `x`\nline", "``` js <tt>x</tt>\nline"),
    ])
  }

  // MARK: Links

  func testLinks() {
    check([
      ("[Hark](https://example.com)", "<a href=\"https://example.com\">Hark</a>"),
      ("[plain](http://example.com/path)", "<a href=\"http://example.com/path\">plain</a>"),
      ("[mail me](mailto:me@example.com)", "<a href=\"mailto:me@example.com\">mail me</a>"),
      ("[UP](HTTPS://EXAMPLE.COM)", "<a href=\"HTTPS://EXAMPLE.COM\">UP</a>"),
      ("[q](http://x.org/a?b=1&c=\"2\")", "<a href=\"http://x.org/a?b=1&amp;c=&quot;2&quot;\">q</a>"),
      ("[a <b> & 'c'](https://e.com)", "<a href=\"https://e.com\">a &lt;b&gt; &amp; &apos;c&apos;</a>"),
      ("[**bold** link](https://e.com)", "<a href=\"https://e.com\"><b>bold</b> link</a>"),
      ("**[bold link](https://e.com)**", "<b><a href=\"https://e.com\">bold link</a></b>"),
      ("[t](https://e.com \"Title\")", "<a href=\"https://e.com\">t</a>"),
      (
        "[t](https://e.com 'Title') [u](https://f.com (T))",
        "<a href=\"https://e.com\">t</a> <a href=\"https://f.com\">u</a>"
      ),
      ("[t](<https://e.com/a b>)", "<a href=\"https://e.com/a%20b\">t</a>"),
      ("[t]( https://e.com )", "<a href=\"https://e.com\">t</a>"),
      ("[w](https://en.wikipedia.org/wiki/Foo_(bar))", "<a href=\"https://en.wikipedia.org/wiki/Foo_(bar)\">w</a>"),
      ("[t](https://e.com/\\_x\\))", "<a href=\"https://e.com/_x)\">t</a>"),
      (
        "[p](https://e.com/((((((((a)))))))))",
        "<a href=\"https://e.com/((((((((a))))))))\">p</a>"
      ),
      (
        "[p](https://e.com/(((((((((a))))))))))",
        "<a href=\"https://e.com/(((((((((a)))))))))\">p</a>"
      ),
      ("[`code`](https://e.com)", "<a href=\"https://e.com\"><tt>code</tt></a>"),
      (
        "[a\"onclick=\"x](https://e.com/\"><b>)",
        "<a href=\"https://e.com/&quot;&gt;&lt;b&gt;\">a&quot;onclick=&quot;x</a>"
      ),
      (
        "See [one](https://a.com) and [two](https://b.com).",
        "See <a href=\"https://a.com\">one</a> and <a href=\"https://b.com\">two</a>."
      ),
    ])
  }

  func testOnlyWebAndMailLinksAreClickable() {
    check([
      ("[click](javascript:alert(1))", "click"), ("[c](JaVaScRiPt:alert(1))", "c"),
      ("[f](file:///etc/passwd)", "f"), ("[d](data:text/html,<b>x</b>)", "d"),
      ("[rel](/relative/path)", "rel"), ("[page](page.html)", "page"), ("[empty]()", "empty"),
      ("[bare](https://)", "bare"), ("[m](mailto:)", "m"), ("[ftp](ftp://e.com)", "ftp"),
      ("[*it*](javascript:x)", "<i>it</i>"), ("[sp](<https://e.com/\ta>)", "sp"),
    ])
  }

  func testWhatIsNotALinkIsText() {
    check([
      ("https://example.com", "https://example.com"), ("<not a link>", "&lt;not a link&gt;"),
      ("[not a link]", "[not a link]"), ("[ref][id]", "[ref][id]"), ("[a] (https://e.com)", "[a] (https://e.com)"),
      ("[unclosed](https://e.com", "[unclosed](https://e.com"),
      ("[t](https://e.com \"open title)", "[t](https://e.com &quot;open title)"),
      ("[t](https://e.com/a(b)", "[t](https://e.com/a(b)"),
      ("]( x )", "]( x )"),
      ("[[]]", "[[]]"),
      ("[t](https://e.com\"x\")", "<a href=\"https://e.com&quot;x&quot;\">t</a>"),
    ])
  }

  func testLinksDoNotNestOrCrossEmphasis() {
    check([
      (
        "[outer [inner](https://a.com)](https://b.com)",
        "[outer <a href=\"https://a.com\">inner</a>](https://b.com)"
      ),
      ("[*a](https://e.com)*", "<a href=\"https://e.com\">*a</a>*"),
      ("*[a*](https://e.com)", "*<a href=\"https://e.com\">a*</a>"),
      ("[a](https://e.com) [b]", "<a href=\"https://e.com\">a</a> [b]"),
      ("[[a](https://e.com)]", "[<a href=\"https://e.com\">a</a>]"),
    ])
  }

  func testImagesBecomeLinks() {
    check([
      ("![cover](https://e.com/c.jpg)", "<a href=\"https://e.com/c.jpg\">cover</a>"),
      ("![x](data:image/png;base64,AAA)", "x"), ("! [a](https://e.com)", "! <a href=\"https://e.com\">a</a>"),
      ("![unclosed", "![unclosed"), ("Wow!", "Wow!"),
    ])
  }

  /// CommonMark as cmark reads it; the hand-written renderer this replaced
  /// got the autolinks, reference links, the image inside a link and the
  /// entities wrong.
  func testCommonMarkEmphasisLinksAndEntities() {
    check([
      ("***a** b*", "<i><b>a</b> b</i>"), ("*a **b** c*", "<i>a <b>b</b> c</i>"), ("**a *b* c**", "<b>a <i>b</i> c</b>"),
      ("*a *b* c*", "<i>a <i>b</i> c</i>"), ("_a __b__ c_", "<i>a <b>b</b> c</i>"), ("***a* b**", "<b><i>a</i> b</b>"),
      ("*a **b***", "<i>a <b>b</b></i>"),
      ("[a](http://x.y/(z))", "<a href=\"http://x.y/(z)\">a</a>"),
      ("<http://autolink>", "<a href=\"http://autolink\">http://autolink</a>"),
      ("<me@e.com>", "<a href=\"mailto:me@e.com\">me@e.com</a>"),
      ("<javascript:alert(1)>", "javascript:alert(1)"),
      ("[t](https://e.com \"A &amp; B\")", "<a href=\"https://e.com\">t</a>"),
      ("[x](javascript:alert(1) \"t\")", "x"),
      ("[x][r]\n\n[r]: https://e.com \"T\"", "<a href=\"https://e.com\">x</a>"),
      ("[x][r]\n\n[r]: javascript:alert(1)", "x"),
      ("[![alt](https://e.com/i.png)](https://e.com)", "<a href=\"https://e.com\">alt</a>"),
      ("[a\\]b](https://e.com)", "<a href=\"https://e.com\">a]b</a>"),
      ("[t](https://e.com/?a=1&amp;b=2)", "<a href=\"https://e.com/?a=1&amp;b=2\">t</a>"),
      ("&amp; &#60; &lt; &copy; &#x41;", "&amp; &lt; &lt; © A"), ("&nosuch; & &", "&amp;nosuch; &amp; &amp;"),
      // Decoded entities are text like any other: escaped, controls dropped.
      ("&#60;b&#62;x&#60;/b&#62;", "&lt;b&gt;x&lt;/b&gt;"), ("a&#1;b", "ab"), ("\\&amp;", "&amp;amp;"),
      ("`&amp;`", "<tt>&amp;amp;</tt>"), ("\\*not\\* \\[x\\]", "*not* [x]"),
    ])
  }

  // MARK: Blocks

  func testHeadings() {
    check([
      ("# Title", "<span size=\"x-large\"><b>Title</b></span>"),
      ("## Sub", "<span size=\"large\"><b>Sub</b></span>"), ("### Three", "<b>Three</b>"),
      ("###### Six", "<b>Six</b>"), ("####### Seven", "####### Seven"), ("#hashtag", "#hashtag"),
      ("   # Indented", "<span size=\"x-large\"><b>Indented</b></span>"), ("    # Four", "<tt># Four</tt>"),
      ("# Title #", "<span size=\"x-large\"><b>Title</b></span>"),
      ("# C#", "<span size=\"x-large\"><b>C#</b></span>"), ("### a \\#", "<b>a #</b>"),
      ("#", ""), ("# #", ""), ("#\nText", "Text"),
      ("# *Emph* & <x>", "<span size=\"x-large\"><b><i>Emph</i> &amp; &lt;x&gt;</b></span>"),
    ])
  }

  func testHeadingsStandApart() {
    check([
      ("# Title\nText", "<span size=\"x-large\"><b>Title</b></span>\n\nText"),
      ("Text\n### Part\nMore", "Text\n\n<b>Part</b>\n\nMore"),
      ("### A\n### B", "<b>A</b>\n\n<b>B</b>"), ("### A\n\n\n### B", "<b>A</b>\n\n<b>B</b>"),
      ("- item\n### B", "• item\n\n<b>B</b>"),
    ])
  }

  func testBulletLists() {
    check([
      ("- one\n- two", "• one\n• two"), ("* one\n+ two", "• one\n• two"),
      ("Shopping:\n- eggs\n- milk", "Shopping:\n• eggs\n• milk"), ("- eggs\n\n- milk", "• eggs\n\n• milk"),
      ("- **bold** item", "• <b>bold</b> item"), ("- <b>", "• &lt;b&gt;"), ("-\ttab", "• tab"),
      // A paragraph in an item continues on unindented lines too (CommonMark).
      ("- item\n  continued\nafter", "• item\n  continued\n  after"),
      ("- *open\n  close*", "• <i>open\n  close</i>"), ("- a\nb", "• a\n  b"), ("- a\n\nb", "• a\n\nb"),
      ("-not a list", "-not a list"), ("- ", "•"), ("-", "•"), ("*emph* start", "<i>emph</i> start"),
    ])
  }

  func testThematicBreaksAreALine() {
    check([
      ("---", "───"), ("* * *", "───"), ("- - -", "───"), ("___", "───"), ("****", "───"),
      ("a\n\n***\n\nb", "a\n\n───\n\nb"), ("a\n***\nb", "a\n───\nb"),
    ])
  }

  func testNestedLists() {
    check([
      ("- a\n  - b\n    - c\n- d", "• a\n    • b\n        • c\n• d"),
      ("- a\n   - b\n  - c", "• a\n    • b\n    • c"),
      ("  - a\n- b", "• a\n• b"), ("- a\n\t- b\n  continued", "• a\n    • b\n      continued"),
      ("Text\n  - indented item", "Text\n• indented item"),
    ])
  }

  /// A list counts on from its first number, as CommonMark says.
  func testOrderedListsCountFromTheirFirstNumber() {
    check([
      ("1. first\n2. second\n10. tenth", "1. first\n2. second\n3. tenth"), ("3) three", "3) three"),
      ("1. a\n1. b", "1. a\n2. b"), ("007. bond", "7. bond"), ("- a\n2. b", "• a\n2. b"),
      ("3. a\n4) b", "3. a\n4) b"),
      ("1.5 hours", "1.5 hours"), ("1234567890. big", "1234567890. big"), ("1.", "1."),
      ("1. <x> & *y*", "1. &lt;x&gt; &amp; <i>y</i>"),
    ])
  }

  func testQuotes() {
    check([
      ("> quoted", "<i>▎ quoted</i>"), (">no space", "<i>▎ no space</i>"), ("> one\n> two", "<i>▎ one\n▎ two</i>"),
      ("> a\n>\n> b", "<i>▎ a\n▎ \n▎ b</i>"), ("> quote\nafter", "<i>▎ quote\n▎ after</i>"),
      ("> quote\n\nafter", "<i>▎ quote</i>\n\nafter"),
      ("Text\n\n> q", "Text\n\n<i>▎ q</i>"), ("> - item\n> - two", "<i>▎ • item\n▎ • two</i>"),
      ("> **b** & <", "<i>▎ <b>b</b> &amp; &lt;</i>"),
      ("> # Head\n> text", "<i>▎ <span size=\"x-large\"><b>Head</b></span>\n▎ \n▎ text</i>"),
      (">", ""), ("> \n>", ""), ("3 > 2", "3 &gt; 2"), ("a\n> b", "a\n<i>▎ b</i>"),
      ("> outer\n> > inner", "<i>▎ outer\n▎ <i>▎ inner</i></i>"),
      ("> *open\n> close*", "<i>▎ <i>open\n▎ close</i></i>"),
    ])
  }

  /// Deeper quotes show their text without more bars.
  func testQuotesNestAtMostEightDeep() {
    let open = String(repeating: "<i>▎ ", count: 8)
    let close = String(repeating: "</i>", count: 8)
    check([
      (">>>>>>>> x", open + "x" + close), (">>>>>>>>>> x", open + "x" + close),
    ])
  }

  func testAMixedNote() {
    let note = """
      # Chapter 3

      Loved the **storm** scene; see [the map](https://example.com/map?x=1&y=2).
      Characters:
      - *Ged*, the wizard
      - Vetch

      > "Only in silence the word"

      ```
      <quote> & more
      ```
      """
    check([
      (
        note,
        """
        <span size="x-large"><b>Chapter 3</b></span>

        Loved the <b>storm</b> scene; see <a href="https://example.com/map?x=1&amp;y=2">the map</a>.
        Characters:
        • <i>Ged</i>, the wizard
        • Vetch

        <i>▎ &quot;Only in silence the word&quot;</i>

        <tt>&lt;quote&gt; &amp; more</tt>
        """
      )
    ])
    XCTAssertEqual(
      notePlainText(note),
      "Chapter 3 Loved the storm scene; see the map. Characters: • Ged, the wizard • Vetch "
        + "\"Only in silence the word\" <quote> & more")
  }

  // MARK: Plain text

  func testPlainText() {
    let cases = [
      ("", ""), ("  \n\n\t ", ""), ("a & <b> \"c\"", "a & <b> \"c\""),
      ("**bold** _it_ ~~s~~ `code`", "bold it s code"), ("[x](javascript:alert(1))", "x"),
      ("[site](https://e.com)", "site"), ("1. a\n2. b", "1. a 2. b"), ("- a\n  - b", "• a • b"),
      ("> quoted\n> > deeper", "quoted deeper"), ("# Title\n\ntext", "Title text"),
      ("```\n  code\t block \n```", "code block"), ("line\none\n\n\ntwo", "line one two"),
      ("\\*a\\*", "*a*"), ("x\u{0}y", "xy"), ("a\u{00A0}\u{2003}b", "a b"),
    ]
    for (markdown, expected) in cases {
      XCTAssertEqual(notePlainText(markdown), expected, markdown.debugDescription)
    }
  }

  // MARK: Robustness

  func testFuzzedInputIsAlwaysWellFormed() {
    let pieces = [
      "*", "**", "_", "__", "~", "~~", "`", "``", "```", "[", "]", "(", ")", "![", "](", "\\", "#", "# ", "> ", ">",
      "- ", "* ", "+ ", "1. ", "2) ", "<", ">", "&", "\"", "'", " ", "  ", "\t", "\n", "\n\n", "\r\n", "a", "b",
      "word", "snake_case", "https://e.com/?a=1&b=2", "javascript:alert(1)", "mailto:m@e.com", "<b>", "&amp;",
      "é", "😀", "שלום", "\u{0}", "\u{1B}", "\u{7F}", noncharacters(0xFFFE), "\u{301}", "~~~", "    ", "<https://e.com>",
    ]
    var random = SplitMix64(seed: 0x4841_524B)
    for _ in 0..<500 {
      let count = Int(random.next() % 60)
      var markdown = ""
      for _ in 0..<count { markdown += pieces[Int(random.next() % UInt64(pieces.count))] }
      let markup = noteMarkup(markdown)
      assertConsistent(markdown, markup: markup)
      let plain = notePlainText(markdown)
      XCTAssertFalse(plain.contains("\n"), markdown.debugDescription)
      XCTAssertEqual(plain, plain.trimmingCharacters(in: .whitespacesAndNewlines), markdown.debugDescription)
    }
  }

  func testPathologicalInputsFinishWellFormed() {
    let stars = String(repeating: "*", count: 10_000)
    let inputs = [
      stars, stars + "a" + stars, String(repeating: "*a ", count: 10_000) + String(repeating: "a* ", count: 10_000),
      String(repeating: "_", count: 10_000), String(repeating: "**a", count: 10_000),
      String(repeating: "~~", count: 10_000) + "x" + String(repeating: "~~", count: 10_000),
      String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000),
      String(repeating: "[", count: 10_000) + "a" + String(repeating: "](https://e.com)", count: 10_000),
      String(repeating: "[](", count: 10_000), String(repeating: "[a](b ", count: 5_000),
      String(repeating: "[a](<", count: 5_000), String(repeating: "[a](x \"", count: 5_000),
      String(repeating: "![", count: 10_000) + String(repeating: "](https://e.com)", count: 10_000),
      String(repeating: "`", count: 10_000),
      (1...1_000).map { String(repeating: "`", count: $0) }.joined(separator: "a"),
      String(repeating: ">", count: 10_000) + " deep", String(repeating: "> ", count: 10_000),
      (0..<2_000).map { String(repeating: " ", count: $0) + "- item" }.joined(separator: "\n"),
      String(repeating: "```\n", count: 10_000), String(repeating: "~~~~\n```\n", count: 5_000),
      String(repeating: "# ", count: 10_000), String(repeating: "\\", count: 10_000),
      String(repeating: "\u{0}", count: 10_000), String(repeating: "😀*", count: 10_000),
      String(repeating: "<&>\"'", count: 10_000),
    ]
    for markdown in inputs {
      let markup = noteMarkup(markdown)
      if let problem = wellFormednessProblem(markup) {
        XCTFail("\(problem) for \(markdown.prefix(40).debugDescription)…")
      }
      _ = notePlainText(markdown)
    }
    let nested = noteMarkup(stars + "a" + stars)
    XCTAssertEqual(nested, String(repeating: "<b>", count: 5_000) + "a" + String(repeating: "</b>", count: 5_000))
    let deep = noteMarkup(String(repeating: "*a ", count: 10_000) + String(repeating: "a* ", count: 10_000))
    XCTAssertEqual(deep.components(separatedBy: "<i>").count - 1, 10_000)
  }

  func testAMegabyteNoteRenders() {
    let paragraph = """
      Some **bold**, *italic*, ~~struck~~ and `code` with a [link](https://example.com/a_(b)) & <tags>.
      - an item with snake_case
        - nested *item*
      1. numbered
      > a quote with [text](javascript:x)
      ```
      fenced <code> block
      ```
      ## Heading \\* escaped

      """
    var markdown = ""
    while markdown.utf8.count < 1_000_000 { markdown += paragraph }
    let markup = noteMarkup(markdown)
    XCTAssertNil(wellFormednessProblem(markup))
    XCTAssertFalse(notePlainText(markdown).isEmpty)

    let unbroken = String(repeating: "word *a [b](c `d ", count: 60_000)
    XCTAssertGreaterThan(unbroken.utf8.count, 1_000_000)
    XCTAssertNil(wellFormednessProblem(noteMarkup(unbroken)))
  }
}

// MARK: - Well-formedness

/// Why `markup` is not something a GtkLabel takes safely, or nil: only `b`,
/// `i`, `s`, `tt`, `a href="…"` and `span size="…"` tags, properly nested and
/// all closed, no link in a link; `&` only in the five XML entities; no raw
/// `>` or `"` in attribute values; no control characters but tab and newline.
private func wellFormednessProblem(_ markup: String) -> String? {
  let scalars = Array(markup.unicodeScalars)
  var open: [String] = []
  var position = 0
  while position < scalars.count {
    let scalar = scalars[position]
    switch scalar {
    case "<":
      guard let end = scalars[position...].firstIndex(of: ">") else { return "unterminated tag at \(position)" }
      let tag = scalars[(position + 1)..<end]
      position = end + 1
      if tag.first == "/" {
        let name = noteTestString(tag.dropFirst())
        guard open.last == name else { return "</\(name)> while \(open.last ?? "nothing") is open" }
        open.removeLast()
      } else {
        guard let name = openingTagName(tag) else { return "unexpected tag <\(noteTestString(tag))>" }
        if name == "a", open.contains("a") { return "a link inside a link" }
        open.append(name)
      }
    case "&":
      guard let end = entityEnd(scalars, at: position) else { return "bare & at \(position)" }
      position = end
    case ">":
      return "raw > at \(position)"
    default:
      if (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || (0x7F...0x9F).contains(scalar.value) {
        return "control character U+\(String(scalar.value, radix: 16)) at \(position)"
      }
      position += 1
    }
  }
  return open.isEmpty ? nil : "unclosed \(open)"
}

/// The name of an allowed opening tag, with its attribute checked.
private func openingTagName(_ tag: ArraySlice<Unicode.Scalar>) -> String? {
  let text = noteTestString(tag)
  if ["b", "i", "s", "tt"].contains(text) { return text }
  for (name, prefix) in [("a", "a href=\""), ("span", "span size=\"")] where text.hasPrefix(prefix) {
    guard text.hasSuffix("\""), text.count > prefix.count else { return nil }
    let value = Array(text.unicodeScalars.dropFirst(prefix.unicodeScalars.count).dropLast())
    if name == "span", !["large", "x-large"].contains(noteTestString(value[...])) { return nil }
    var position = 0
    while position < value.count {
      switch value[position] {
      case "\"", "<", ">": return nil
      case "&":
        guard let end = entityEnd(value, at: position) else { return nil }
        position = end
      default:
        position += 1
      }
    }
    return name
  }
  return nil
}

/// Where an entity starting at `position` ends, when it is one GMarkup knows.
private func entityEnd(_ scalars: [Unicode.Scalar], at position: Int) -> Int? {
  for entity in ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"] {
    let entityScalars = Array(entity.unicodeScalars)
    if scalars[position...].starts(with: entityScalars) { return position + entityScalars.count }
  }
  return nil
}

/// The text a label shows for `markup`, in `notePlainText`'s form: tags
/// gone, entities decoded, quote bars dropped, whitespace collapsed.
private func textOfMarkup(_ markup: String) -> String {
  var text = ""
  var inTag = false
  for scalar in markup.unicodeScalars {
    if scalar == "<" {
      inTag = true
    } else if scalar == ">" {
      inTag = false
    } else if !inTag {
      text.unicodeScalars.append(scalar)
    }
  }
  // Scalar by scalar: Foundation's replacing would not match an entity
  // that a combining mark follows.
  let entities: [(String, Unicode.Scalar)] = [
    ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&amp;", "&"),
  ]
  var collapsed = ""
  var pendingSpace = false
  var scalars = text.unicodeScalars[...]
  while let first = scalars.first {
    var scalar = first
    if let (entity, decoded) = entities.first(where: { scalars.starts(with: $0.0.unicodeScalars) }) {
      scalar = decoded
      scalars = scalars.dropFirst(entity.unicodeScalars.count)
    } else {
      scalars = scalars.dropFirst()
    }
    if scalar.properties.isWhitespace || scalar == "▎" {
      pendingSpace = !collapsed.isEmpty
    } else {
      if pendingSpace { collapsed += " " }
      pendingSpace = false
      collapsed.unicodeScalars.append(scalar)
    }
  }
  return collapsed
}

/// Swift literals cannot spell noncharacters.
private func noncharacters(_ values: UInt32...) -> String {
  noteTestString(values.compactMap(Unicode.Scalar.init))
}

private func noteTestString(_ scalars: some Sequence<Unicode.Scalar>) -> String {
  var string = ""
  string.unicodeScalars.append(contentsOf: scalars)
  return string
}

/// A small deterministic generator, so the fuzz cases are the same on every
/// run.
private struct SplitMix64 {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
