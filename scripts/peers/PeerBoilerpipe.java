// PeerBoilerpipe: times the real Boilerpipe 1.2.0 jar (Debian libboilerpipe-java,
// de.l3s.boilerpipe) in-process on a list of pages, for the side-by-side speed table of
// scripts/peers/run.sh. It is a timing driver only; scripts/boilerpipe/DetourBoilerpipe.java
// stays the reference for outputs.
//
// Usage: java -cp ... PeerBoilerpipe PAGE_LIST [WARMUP_PASSES] [TIMED_PASSES]
// (the warm-up is at least 3000 pages: more passes on a short list).
// PAGE_LIST: one page a line, "<lang>\t<path>". All pages are read into memory first.
// Per page and pass: "full" = bytes -> String (charset from a <meta ... charset=...>
// in the first 4096 bytes, else UTF-8) -> BoilerpipeSAXInput.getTextDocument() (NekoHTML
// SAX parse feeding Boilerpipe's content handler, which builds the text blocks) ->
// ArticleExtractor.process(doc) + doc.getContent(). "parse" = the same decoding and
// NekoHTML parse with a no-op SAX handler, timed separately on the same page;
// "extract" = full - parse (block building + filters, the work our extract() does on a
// parsed DOM); "filters" = ArticleExtractor.process + getContent alone.
// Prints one JSON line of per-page means over the timed passes: wall clock (full_ms,
// parse_ms, extract_ms), this thread's CPU time (*_cpu_ms; less disturbed by other load
// on the machine) and the whole process's CPU time less the parse-only runs' thread CPU
// (process_cpu_ms: adds the JIT and garbage-collector threads to full_cpu_ms).
import de.l3s.boilerpipe.document.TextDocument;
import de.l3s.boilerpipe.extractors.ArticleExtractor;
import de.l3s.boilerpipe.sax.BoilerpipeSAXInput;
import java.io.StringReader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.xml.sax.InputSource;

public final class PeerBoilerpipe {
  static Charset sniff(byte[] b) {
    int n = Math.min(b.length, 4096);
    String head = new String(b, 0, n, StandardCharsets.ISO_8859_1).toLowerCase(Locale.ROOT);
    int at = head.indexOf("charset=");
    if (at < 0) return StandardCharsets.UTF_8;
    int i = at + 8;
    while (i < n && (head.charAt(i) == '"' || head.charAt(i) == '\'' || head.charAt(i) == ' ')) i++;
    int j = i;
    while (j < n && (Character.isLetterOrDigit(head.charAt(j)) || head.charAt(j) == '-' || head.charAt(j) == '_')) j++;
    try {
      return Charset.forName(head.substring(i, j));
    } catch (Exception e) {
      return StandardCharsets.UTF_8;
    }
  }

  public static void main(String[] args) throws Exception {
    if (args.length < 1) {
      System.err.println("usage: PeerBoilerpipe PAGE_LIST [WARMUP_PASSES] [TIMED_PASSES]");
      System.exit(2);
    }
    int warmPasses = args.length > 1 ? Integer.parseInt(args[1]) : 1;
    int timed = args.length > 2 ? Integer.parseInt(args[2]) : 1;
    List<byte[]> pages = new ArrayList<>();
    long bytes = 0;
    for (String line : Files.readAllLines(Paths.get(args[0]), StandardCharsets.UTF_8)) {
      if (line.isEmpty()) continue;
      String path = line.substring(line.indexOf('\t') + 1);
      byte[] b = Files.readAllBytes(Paths.get(path));
      pages.add(b);
      bytes += b.length;
    }
    // The JIT needs a few thousand pages before the figures settle (with 40 pages and one
    // warm-up pass the per-page time is ~10x the settled one), so the warm-up covers at
    // least kMinWarmupPages pages whatever WARMUP_PASSES says.
    final int kMinWarmupPages = 3000;
    int warm = Math.max(warmPasses, (kMinWarmupPages + pages.size() - 1) / Math.max(1, pages.size()));
    ThreadMXBean tm = ManagementFactory.getThreadMXBean();
    com.sun.management.OperatingSystemMXBean os =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    long parseNs = 0, extractNs = 0, parseCpu = 0, extractCpu = 0, processCpu = 0, sink = 0;
    long onlyNs = 0, onlyCpu = 0;
    org.xml.sax.helpers.DefaultHandler noop = new org.xml.sax.helpers.DefaultHandler();
    int failed = 0;
    for (int pass = 0; pass < warm + timed; pass++) {
      boolean count = pass >= warm;
      long p0 = os.getProcessCpuTime();
      for (byte[] b : pages) {
        long c0 = tm.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        TextDocument doc;
        try {
          String s = new String(b, sniff(b));
          doc = new BoilerpipeSAXInput(new InputSource(new StringReader(s))).getTextDocument();
        } catch (Exception e) {
          if (count) failed++;
          continue;
        }
        long t1 = System.nanoTime();
        long c1 = tm.getCurrentThreadCpuTime();
        try {
          ArticleExtractor.INSTANCE.process(doc);
          sink += doc.getContent().length();
        } catch (Exception e) {
          if (count) failed++;
        }
        long t2 = System.nanoTime();
        long c2 = tm.getCurrentThreadCpuTime();
        try {
          String s = new String(b, sniff(b));
          de.l3s.boilerpipe.sax.BoilerpipeHTMLParser parser = new de.l3s.boilerpipe.sax.BoilerpipeHTMLParser();
          parser.setContentHandler((org.xml.sax.ContentHandler) noop);
          parser.parse(new InputSource(new StringReader(s)));
        } catch (Exception e) {
          // counted above if the full run failed
        }
        long t3 = System.nanoTime();
        long c3 = tm.getCurrentThreadCpuTime();
        if (count) {
          onlyNs += t3 - t2;
          onlyCpu += c3 - c2;
          parseNs += t1 - t0;
          extractNs += t2 - t1;
          parseCpu += c1 - c0;
          extractCpu += c2 - c1;
        }
      }
      if (count) processCpu += os.getProcessCpuTime() - p0;
    }
    double n = (double) pages.size() * timed;
    System.out.printf(Locale.ROOT,
        "{\"peer\":\"BP\",\"tool\":\"boilerpipe-1.2.0 ArticleExtractor (java %s)\",\"pages\":%d,"
            + "\"mb\":%.1f,\"warmup_passes\":%d,\"timed_passes\":%d,\"failed\":%d,\"full_ms\":%.3f,\"parse_ms\":%.3f,"
            + "\"extract_ms\":%.3f,\"full_cpu_ms\":%.3f,\"parse_cpu_ms\":%.3f,\"extract_cpu_ms\":%.3f,"
            + "\"filters_cpu_ms\":%.3f,\"process_cpu_ms\":%.3f,\"sink\":%d}%n",
        System.getProperty("java.version"), pages.size(), bytes / 1e6, warm, timed, failed,
        (parseNs + extractNs) / n / 1e6, onlyNs / n / 1e6, (parseNs + extractNs - onlyNs) / n / 1e6,
        (parseCpu + extractCpu) / n / 1e6, onlyCpu / n / 1e6, (parseCpu + extractCpu - onlyCpu) / n / 1e6,
        extractCpu / n / 1e6, (processCpu - onlyCpu) / n / 1e6, sink);
  }
}
