// NekoTrees: the tree NekoHTML gives Boilerpipe 1.2.0, written in the form of
// `parse_fidelity trees --parser neko --compact` (one node a line: depth, E name or T
// text; whitespace-only text left out, text whitespace-collapsed; no attributes and no
// comments, which Boilerpipe does not see), so that a diff shows where our
// NekoHTML-style tree (html/dom_neko.cc) differs from the one the jar reads. The
// parser is the jar's: an AbstractSAXParser over NekoHTML's HTMLConfiguration with the
// defaults, boilerpipe.jar first on the class path (it patches two NekoHTML classes).
//
// Usage (see compare_neko.sh): java -cp CLASSES:boilerpipe.jar:nekohtml.jar:xercesImpl.jar
//   NekoTrees PAGES OUT     PAGES: decoded UTF-8 pages, <lang>/<id> or flat; OUT/<...>.tree
import java.io.File;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import org.apache.xerces.parsers.AbstractSAXParser;
import org.cyberneko.html.HTMLConfiguration;
import org.xml.sax.Attributes;
import org.xml.sax.InputSource;
import org.xml.sax.helpers.DefaultHandler;

public final class NekoTrees {
  static final class Dump extends DefaultHandler {
    final StringBuilder out = new StringBuilder();
    final StringBuilder text = new StringBuilder();
    int depth = 0;

    void flushText() {
      String t = text.toString();
      text.setLength(0);
      StringBuilder c = new StringBuilder();
      boolean space = false;
      for (int i = 0; i < t.length(); i++) {
        char ch = t.charAt(i);
        if (ch == ' ' || (ch >= '\t' && ch <= '\r')) {  // ASCII whitespace, as parse_fidelity's
          space = c.length() > 0;
          continue;
        }
        if (space) c.append(' ');
        space = false;
        c.append(ch);
      }
      if (c.length() > 0) out.append(depth).append(" T ").append(json(c.toString())).append('\n');
    }

    @Override public void startElement(String uri, String local, String qname, Attributes atts) {
      flushText();
      out.append(depth).append(" E ").append(json(qname.toLowerCase())).append('\n');
      depth++;
    }
    @Override public void endElement(String uri, String local, String qname) {
      flushText();
      depth--;
    }
    @Override public void characters(char[] ch, int start, int length) { text.append(ch, start, length); }
    @Override public void ignorableWhitespace(char[] ch, int start, int length) { text.append(ch, start, length); }
    @Override public void endDocument() { flushText(); }
  }

  static String json(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') b.append('\\').append(c);
      else if (c < 0x20 || c == 0x7F) b.append(String.format("\\u%04x", (int) c));
      else b.append(c);
    }
    return b.append('"').toString();
  }

  static void walk(File in, File out) throws Exception {
    File[] files = in.listFiles();
    if (files == null) return;
    for (File f : files) {
      if (f.isDirectory()) { walk(f, new File(out, f.getName())); continue; }
      String page = new String(Files.readAllBytes(f.toPath()), StandardCharsets.UTF_8);
      Dump d = new Dump();
      AbstractSAXParser p = new AbstractSAXParser(new HTMLConfiguration()) {};
      p.setContentHandler(d);
      try {
        p.parse(new InputSource(new StringReader(page)));
      } catch (Exception e) {
        System.err.println("NekoTrees: " + f + ": " + e);
      }
      out.mkdirs();
      Files.write(new File(out, f.getName() + ".tree").toPath(), d.out.toString().getBytes(StandardCharsets.UTF_8));
    }
  }

  public static void main(String[] args) throws Exception {
    if (args.length != 2) {
      System.err.println("usage: NekoTrees PAGES OUT");
      System.exit(2);
    }
    walk(new File(args[0]), new File(args[1]));
  }
}
