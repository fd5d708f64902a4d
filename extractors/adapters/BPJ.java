// BPJ: Boilerpipe 1.2.0's ArticleExtractor (Debian libboilerpipe-java), the real jar in
// one JVM, behind detour's extractor protocol (docs/adapters.md). Compiled once at install
// into classes/ (scripts/install-adapters.sh --bpj-only), then run as
// java -cp classes:boilerpipe.jar:nekohtml.jar:xercesImpl.jar BPJ
// (as a single-file program, `java ... BPJ.java`, it would be compiled at every start).
// Answers TextDocument.getContent() (the content blocks' text, one a line) as text, on
// the page as detour decoded it (NekoHTML through BoilerpipeSAXInput, as the jar's own
// examples do). Java has no JSON library in the JDK: the requests are read by a small
// reader of JSON objects below (strings, numbers, booleans, null, nested objects).
import de.l3s.boilerpipe.document.TextDocument;
import de.l3s.boilerpipe.extractors.ArticleExtractor;
import de.l3s.boilerpipe.sax.BoilerpipeSAXInput;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.xml.sax.InputSource;

public final class BPJ {
  public static void main(String[] args) throws Exception {
    // The protocol's stream kept aside; System.out (a library's prints) goes to stderr.
    OutputStream out = new java.io.FileOutputStream(java.io.FileDescriptor.out);
    System.setOut(new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.err), true));
    write(out, "{\"protocol\":\"detour-extractor\",\"version\":1,\"name\":\"boilerpipe\",\"tool_version\":\"1.2.0 "
        + "ArticleExtractor\",\"settings\":{\"java\":" + quote(System.getProperty("java.specification.version"))
        + "},\"pipelining\":true}");
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    for (String line; (line = in.readLine()) != null;) {
      long began = System.nanoTime();
      if (line.isBlank()) continue;
      Map<String, Object> req = new Json(line).object();
      Object seq = req.get("seq");
      String answer;
      try {
        TextDocument doc = new BoilerpipeSAXInput(new InputSource(new StringReader((String) req.get("html"))))
            .getTextDocument();
        ArticleExtractor.INSTANCE.process(doc);
        answer = "{\"seq\":" + seq + ",\"format\":\"text\",\"output\":" + quote(doc.getContent()) + "}";
      } catch (Exception | StackOverflowError e) {
        answer = "{\"seq\":" + seq + ",\"error\":" + quote(e.getClass().getSimpleName() + ": " + e.getMessage()) + "}";
      }
      // Its time, then the page's messages ended on standard error before its answer
      // (docs/adapters.md: requests are taken ahead).
      answer = answer.substring(0, answer.length() - 1) + ",\"millis\":"
          + String.format(java.util.Locale.ROOT, "%.3f", (System.nanoTime() - began) / 1e6) + "}";
      System.err.print("detour-extractor: end of seq " + seq + "\n");
      System.err.flush();
      write(out, answer);
    }
    System.exit(0);
  }

  static void write(OutputStream out, String line) throws java.io.IOException {
    out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
    out.flush();
  }

  static String quote(String s) {
    StringBuilder b = new StringBuilder(s.length() + 16).append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"': b.append("\\\""); break;
        case '\\': b.append("\\\\"); break;
        case '\n': b.append("\\n"); break;
        case '\r': b.append("\\r"); break;
        case '\t': b.append("\\t"); break;
        default:
          if (c < 0x20 || Character.isSurrogate(c) && !validPair(s, i)) b.append(String.format("\\u%04x", c < 0x20 ? (int) c : 0xfffd));
          else b.append(c);
      }
    }
    return b.append('"').toString();
  }

  static boolean validPair(String s, int i) {
    char c = s.charAt(i);
    if (Character.isHighSurrogate(c)) return i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
    return i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
  }

  // A reader of one JSON value (RFC 8259).
  static final class Json {
    final String s;
    int p;
    Json(String s) { this.s = s; }

    Map<String, Object> object() {
      Map<String, Object> m = new LinkedHashMap<>();
      expect('{');
      if (peek() == '}') { p++; return m; }
      while (true) {
        String k = string();
        expect(':');
        m.put(k, value());
        char c = next();
        if (c == '}') return m;
        if (c != ',') throw new IllegalArgumentException("bad JSON at " + p);
      }
    }

    Object value() {
      char c = peek();
      if (c == '{') return object();
      if (c == '"') return string();
      int start = p;
      while (p < s.length() && ",}] \t".indexOf(s.charAt(p)) < 0) p++;
      String w = s.substring(start, p);
      if (c == '[') throw new IllegalArgumentException("arrays are not read");
      return w;  // numbers, true, false, null: kept as written
    }

    String string() {
      expect('"');
      StringBuilder b = null;
      while (true) {
        // The run of plain characters up to the next quote or backslash, copied at once
        // (a page is some 80 K characters).
        int start = p;
        while (true) {
          char c = s.charAt(p);
          if (c == '"' || c == '\\') break;
          p++;
        }
        if (s.charAt(p) == '"' && b == null) return s.substring(start, p++);
        if (b == null) b = new StringBuilder(p - start + 64);
        b.append(s, start, p);
        if (s.charAt(p++) == '"') return b.toString();
        char e = s.charAt(p++);
        switch (e) {
          case 'n': b.append('\n'); break;
          case 't': b.append('\t'); break;
          case 'r': b.append('\r'); break;
          case 'b': b.append('\b'); break;
          case 'f': b.append('\f'); break;
          case 'u': b.append((char) Integer.parseInt(s.substring(p, p + 4), 16)); p += 4; break;
          default: b.append(e);  // " \ /
        }
      }
    }

    char peek() { while (Character.isWhitespace(s.charAt(p))) p++; return s.charAt(p); }
    char next() { char c = peek(); p++; return c; }
    void expect(char c) { if (next() != c) throw new IllegalArgumentException("expected " + c + " at " + p); }
  }
}
