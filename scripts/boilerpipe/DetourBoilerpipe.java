// DetourBoilerpipe: runs the real Boilerpipe 1.2.0 jar (de.l3s.boilerpipe) on pages,
// as the reference our C++ port (extractors/boilerpipe) is compared against.
//
// Usage (see run.sh, which compiles this file once into a cache folder):
//   run.sh [--extractor article|default|largest|canola|keep] [--html] [--charset NAME]
//          [--debug] < page.html > text
//   run.sh [same options] --batch IN_DIR OUT_DIR     (every file of IN_DIR -> OUT_DIR)
// Input bytes are decoded with --charset (default UTF-8). Output is UTF-8:
// TextDocument.getContent() (each content block's text + "\n"), or with --html the
// HTMLHighlighter extracting form. --debug prints, instead, every block's features
// after parsing and after each filter of the chain (article and default only).
import de.l3s.boilerpipe.BoilerpipeExtractor;
import de.l3s.boilerpipe.BoilerpipeFilter;
import de.l3s.boilerpipe.document.TextBlock;
import de.l3s.boilerpipe.document.TextDocument;
import de.l3s.boilerpipe.extractors.ArticleExtractor;
import de.l3s.boilerpipe.extractors.CanolaExtractor;
import de.l3s.boilerpipe.extractors.DefaultExtractor;
import de.l3s.boilerpipe.extractors.KeepEverythingExtractor;
import de.l3s.boilerpipe.extractors.LargestContentExtractor;
import de.l3s.boilerpipe.filters.english.DensityRulesClassifier;
import de.l3s.boilerpipe.filters.english.IgnoreBlocksAfterContentFilter;
import de.l3s.boilerpipe.filters.english.NumWordsRulesClassifier;
import de.l3s.boilerpipe.filters.english.TerminatingBlocksFinder;
import de.l3s.boilerpipe.filters.heuristics.BlockProximityFusion;
import de.l3s.boilerpipe.filters.heuristics.DocumentTitleMatchClassifier;
import de.l3s.boilerpipe.filters.heuristics.ExpandTitleToContentFilter;
import de.l3s.boilerpipe.filters.heuristics.KeepLargestBlockFilter;
import de.l3s.boilerpipe.filters.heuristics.SimpleBlockFusionProcessor;
import de.l3s.boilerpipe.filters.simple.BoilerplateBlockFilter;
import de.l3s.boilerpipe.sax.BoilerpipeSAXInput;
import de.l3s.boilerpipe.sax.HTMLHighlighter;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.xml.sax.InputSource;

public final class DetourBoilerpipe {
  private String extractor = "article";
  private boolean html = false;
  private boolean debug = false;
  private Charset charset = StandardCharsets.UTF_8;

  public static void main(String[] args) throws Exception {
    DetourBoilerpipe d = new DetourBoilerpipe();
    String batchIn = null, batchOut = null;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--extractor": d.extractor = args[++i]; break;
        case "--html": d.html = true; break;
        case "--debug": d.debug = true; break;
        case "--charset": d.charset = Charset.forName(args[++i]); break;
        case "--batch": batchIn = args[++i]; batchOut = args[++i]; break;
        default:
          System.err.println("DetourBoilerpipe: unknown argument " + args[i]);
          System.exit(2);
      }
    }
    PrintStream out = new PrintStream(System.out, false, "UTF-8");
    if (batchIn == null) {
      out.print(d.run(new String(readAll(System.in), d.charset)));
      out.flush();
      return;
    }
    File[] files = new File(batchIn).listFiles();
    if (files == null) {
      System.err.println("DetourBoilerpipe: " + batchIn + ": not a folder");
      System.exit(2);
    }
    Arrays.sort(files);
    new File(batchOut).mkdirs();
    int failed = 0;
    for (File f : files) {
      if (!f.isFile() || f.getName().startsWith(".")) continue;
      String result;
      try {
        result = d.run(new String(Files.readAllBytes(f.toPath()), d.charset));
      } catch (Exception e) {
        System.err.println("DetourBoilerpipe: " + f + ": " + e);
        failed++;
        continue;
      }
      Files.write(new File(batchOut, f.getName()).toPath(), result.getBytes(StandardCharsets.UTF_8));
    }
    if (failed > 0) System.exit(1);
  }

  private static byte[] readAll(InputStream in) throws Exception {
    ByteArrayOutputStream bos = new ByteArrayOutputStream();
    byte[] buf = new byte[65536];
    int n;
    while ((n = in.read(buf)) > 0) bos.write(buf, 0, n);
    return bos.toByteArray();
  }

  private BoilerpipeExtractor extractorInstance() {
    switch (extractor) {
      case "article": return ArticleExtractor.INSTANCE;
      case "default": return DefaultExtractor.INSTANCE;
      case "largest": return LargestContentExtractor.INSTANCE;
      case "canola": return CanolaExtractor.INSTANCE;
      case "keep": return KeepEverythingExtractor.INSTANCE;
      default: throw new IllegalArgumentException("unknown extractor " + extractor);
    }
  }

  String run(String page) throws Exception {
    TextDocument doc = new BoilerpipeSAXInput(new InputSource(new StringReader(page))).getTextDocument();
    if (debug) return debugChain(doc);
    BoilerpipeExtractor ex = extractorInstance();
    ex.process(doc);
    if (html) return HTMLHighlighter.newExtractingInstance().process(doc, page);
    return doc.getContent();
  }

  private String debugChain(TextDocument doc) throws Exception {
    StringBuilder sb = new StringBuilder();
    sb.append("title=").append(doc.getTitle()).append('\n');
    dump(sb, "parse", doc);
    List<Object[]> chain = new ArrayList<>();
    if (extractor.equals("default")) {
      chain.add(new Object[] {"SimpleBlockFusion", SimpleBlockFusionProcessor.INSTANCE});
      chain.add(new Object[] {"ProximityFusion", BlockProximityFusion.MAX_DISTANCE_1});
      chain.add(new Object[] {"DensityRules", DensityRulesClassifier.INSTANCE});
    } else {
      chain.add(new Object[] {"TerminatingBlocks", TerminatingBlocksFinder.INSTANCE});
      chain.add(new Object[] {"TitleMatch", new DocumentTitleMatchClassifier(doc.getTitle())});
      chain.add(new Object[] {"NumWordsRules", NumWordsRulesClassifier.INSTANCE});
      chain.add(new Object[] {"IgnoreAfterContent", IgnoreBlocksAfterContentFilter.DEFAULT_INSTANCE});
      chain.add(new Object[] {"ProximityFusion", BlockProximityFusion.MAX_DISTANCE_1});
      chain.add(new Object[] {"BoilerplateBlock", BoilerplateBlockFilter.INSTANCE});
      chain.add(new Object[] {"ProximityContentOnly", BlockProximityFusion.MAX_DISTANCE_1_CONTENT_ONLY});
      chain.add(new Object[] {"KeepLargest", KeepLargestBlockFilter.INSTANCE});
      chain.add(new Object[] {"ExpandTitle", ExpandTitleToContentFilter.INSTANCE});
    }
    for (Object[] step : chain) {
      ((BoilerpipeFilter) step[1]).process(doc);
      dump(sb, (String) step[0], doc);
    }
    return sb.toString();
  }

  private static void dump(StringBuilder sb, String stage, TextDocument doc) {
    sb.append("== ").append(stage).append('\n');
    for (TextBlock tb : doc.getTextBlocks()) {
      sb.append('[').append(tb.getOffsetBlocksStart()).append('-').append(tb.getOffsetBlocksEnd())
          .append(";tl=").append(tb.getTagLevel()).append(";nw=").append(tb.getNumWords())
          .append(";nwa=").append(tb.getNumWordsInAnchorText())
          .append(";td=").append(tb.getTextDensity()).append(";ld=").append(tb.getLinkDensity())
          .append("] ").append(tb.isContent() ? "C" : "-")
          .append(tb.getLabels() == null ? "" : " " + new java.util.TreeSet<>(tb.getLabels()))
          .append(" | ").append(tb.getText().replace('\n', '|')).append('\n');
    }
  }
}
