// gate: baselines, checks and their renderings (see gate.h).
#include "reports/gate.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>

#include "base/errors.h"
#include "base/io.h"
#include "base/strings.h"
#include "reports/tables.h"
#include "results/score.h"

namespace detour::reports {

namespace {

std::string without_version(const std::string& sig) {
  std::string out;
  for (const auto& part : split_list(sig, '|'))
    if (part.rfind("version:", 0) != 0) out += (out.empty() ? "" : "|") + part;
  return out;
}

struct PageCounts {
  std::size_t pages = 0, failed = 0, excluded = 0;
  double ms_per_page = 0;
};

PageCounts page_counts(const results::SystemRecords& s) {
  PageCounts c;
  double ms = 0;
  std::size_t timed = 0;
  for (const auto& p : s.pages) {
    ++c.pages;
    c.failed += p.status == "failed";
    c.excluded += p.status == "excluded";
    if (p.status == "ok") {
      ms += p.millis;
      ++timed;
    }
  }
  c.ms_per_page = timed ? ms / static_cast<double>(timed) : 0;
  return c;
}

}  // namespace

// ---- baselines ------------------------------------------------------------------

GateBaseline baseline_from_run(const results::RunRecords& run, double margin, const std::vector<std::string>& only) {
  GateBaseline b;
  b.version = run.provenance.version;
  b.commit = run.provenance.commit;
  b.corpus = run.provenance.corpus;
  b.corpus_fingerprint = run.provenance.corpus_fingerprint;
  b.missing_policy = run.provenance.missing_policy;
  b.signature = run.signature;
  b.margin = margin;
  for (const auto& s : run.systems) {
    if (!only.empty() && std::find(only.begin(), only.end(), s.name) == only.end()) continue;
    GateSystem g;
    g.extractor_signature = s.signature;
    const PageCounts pc = page_counts(s);
    g.pages = pc.pages;
    g.failed = pc.failed;
    g.excluded = pc.excluded;
    g.ms_per_page = pc.ms_per_page;  // exact, as every stored value: --max-slowdown 0 passes an unchanged run
    for (const auto& lang : results::language_keys(s.scores))
      for (std::size_t mi = 0; mi < s.scores.metrics.size(); ++mi) {
        const auto a = results::aggregate_metric(s.scores, mi, lang);
        if (a.documents == 0) continue;
        const double v = 100 * a.micro.f1;
        // Stored exactly (JSON keeps a double's shortest round-trip form): the gate
        // compares them with the run's values, and --max-drop 0 must pass an unchanged run.
        g.cells[lang][std::string(s.scores.metrics[mi]->name)] = {v, v - margin};
        b.metric_signatures.emplace(std::string(s.scores.metrics[mi]->name), results::metric_signature(s.scores, mi));
      }
    b.systems[s.name] = std::move(g);
  }
  return b;
}

std::string baseline_json(const GateBaseline& b) {
  // Pretty-printed by hand so that each language's cells fit on one line: a diff of a
  // committed baseline shows which cells moved.
  auto str = [](const auto& v) { return nlohmann::json(v).dump(); };
  std::string out = "{\n";
  out += "  \"detour_gate_baseline\": 1,\n";
  out += "  \"detour_version\": " + str(b.version) + ",\n";
  out += "  \"commit\": " + str(b.commit) + ",\n";
  out += "  \"corpus\": " + str(b.corpus) + ",\n";
  out += "  \"corpus_fingerprint\": " + str(b.corpus_fingerprint) + ",\n";
  out += "  \"missing_policy\": " + str(b.missing_policy) + ",\n";
  out += "  \"signature\": " + str(b.signature) + ",\n";
  out += "  \"measure\": \"micro F1, percent; floor = F1 - margin at the update\",\n";
  out += "  \"margin\": " + str(b.margin) + ",\n";
  out += "  \"metric_signatures\": {";
  std::size_t k = 0;
  for (const auto& [m, sig] : b.metric_signatures) out += (k++ ? ",\n    " : "\n    ") + str(m) + ": " + str(sig);
  out += "\n  },\n  \"systems\": {";
  k = 0;
  for (const auto& [name, g] : b.systems) {
    out += (k++ ? ",\n    " : "\n    ") + str(name) + ": {\n";
    out += "      \"extractor_signature\": " + str(g.extractor_signature) + ",\n";
    out += fmt::format("      \"pages\": {}, \"failed\": {}, \"excluded\": {}, \"ms_per_page\": {},\n", g.pages,
                       g.failed, g.excluded, str(g.ms_per_page));
    out += "      \"cells\": {";
    std::size_t l = 0;
    for (const auto& [lang, ms] : g.cells) {
      nlohmann::ordered_json cells = nlohmann::ordered_json::object();
      for (const auto& [metric, c] : ms) cells[metric] = {{"f1", c.value}, {"floor", c.floor}};
      out += (l++ ? ",\n        " : "\n        ") + str(lang) + ": " + cells.dump();
    }
    out += "\n      }\n    }";
  }
  out += "\n  }\n}\n";
  return out;
}

GateBaseline read_baseline(const std::filesystem::path& path) {
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(io::read_file(path));
  } catch (const io::IoError& e) {
    throw BaselineError(e.what());
  } catch (const nlohmann::json::exception& e) {
    throw BaselineError(path.string() + ": not valid JSON: " + e.what());
  }
  GateBaseline b;
  try {
    if (!j.is_object() || j.value("detour_gate_baseline", 0) != 1)
      throw BaselineError(path.string() + ": not a detour gate baseline (no \"detour_gate_baseline\": 1)");
    b.version = j.value("detour_version", "");
    b.commit = j.value("commit", "");
    b.corpus = j.value("corpus", "");
    b.corpus_fingerprint = j.value("corpus_fingerprint", "");
    b.missing_policy = j.value("missing_policy", "");
    b.signature = j.value("signature", "");
    b.margin = j.value("margin", 0.5);
    if (j.contains("metric_signatures")) b.metric_signatures = j["metric_signatures"].get<std::map<std::string, std::string>>();
    for (const auto& [name, sj] : j.at("systems").items()) {
      GateSystem g;
      g.extractor_signature = sj.value("extractor_signature", "");
      g.pages = sj.value("pages", std::size_t{0});
      g.failed = sj.value("failed", std::size_t{0});
      g.excluded = sj.value("excluded", std::size_t{0});
      g.ms_per_page = sj.value("ms_per_page", 0.0);
      for (const auto& [lang, ms] : sj.at("cells").items())
        for (const auto& [metric, c] : ms.items()) g.cells[lang][metric] = {c.at("f1").get<double>(), c.at("floor").get<double>()};
      b.systems[name] = std::move(g);
    }
  } catch (const nlohmann::json::exception& e) {
    throw BaselineError(path.string() + ": " + e.what());
  }
  return b;
}

std::vector<std::string> lowered_floors(const GateBaseline& old, const GateBaseline& next) {
  std::vector<std::string> out;
  for (const auto& [name, g] : next.systems) {
    auto os = old.systems.find(name);
    if (os == old.systems.end()) continue;
    for (const auto& [lang, ms] : g.cells)
      for (const auto& [metric, c] : ms) {
        auto ol = os->second.cells.find(lang);
        if (ol == os->second.cells.end()) continue;
        auto oc = ol->second.find(metric);
        if (oc != ol->second.end() && c.floor < oc->second.floor)
          out.push_back(fmt::format("{}/{}/{}: floor {:.4f} -> {:.4f}", name, lang, metric, oc->second.floor, c.floor));
      }
  }
  return out;
}

FloorRule parse_fail_under(const std::string& text) {
  FloorRule r;
  r.text = text;
  const auto eq = text.rfind('=');
  auto bad = [&](const std::string& why) {
    return UsageError("--fail-under " + text + ": " + why + " (expected [SYSTEM[/LANG]:]METRIC.MEASURE=VALUE, e.g. to.f1=85 or BP/zh:car.f1=80)");
  };
  if (eq == std::string::npos) throw bad("no '='");
  std::string lhs = text.substr(0, eq);
  try {
    std::size_t used = 0;
    r.value = std::stod(text.substr(eq + 1), &used);
    if (used != text.size() - eq - 1) throw bad("the value is not a number");
  } catch (const std::invalid_argument&) {
    throw bad("the value is not a number");
  } catch (const std::out_of_range&) {
    throw bad("the value is out of range");
  }
  if (auto colon = lhs.find(':'); colon != std::string::npos) {
    std::string who = lhs.substr(0, colon);
    lhs = lhs.substr(colon + 1);
    if (auto slash = who.find('/'); slash != std::string::npos) {
      r.lang = who.substr(slash + 1);
      who = who.substr(0, slash);
    }
    r.system = who == "*" ? "" : who;
    if (r.lang.empty()) throw bad("empty language");
  }
  const auto dot = lhs.rfind('.');
  if (dot == std::string::npos) throw bad("no METRIC.MEASURE");
  r.metric = lhs.substr(0, dot);
  r.measure = lhs.substr(dot + 1);
  if (r.measure != "p" && r.measure != "r" && r.measure != "f1") throw bad("the measure is p, r or f1");
  try {
    metrics::find_metric(r.metric);
  } catch (const std::invalid_argument& e) {
    throw UsageError("--fail-under " + text + ": " + e.what());
  }
  return r;
}

FailedBound parse_failed_bound(const std::string& text) {
  FailedBound b;
  std::string t = text;
  if (!t.empty() && t.back() == '%') {
    b.percent = true;
    t.pop_back();
  }
  try {
    std::size_t used = 0;
    b.value = std::stod(t, &used);
    if (used != t.size() || b.value < 0) throw std::invalid_argument("");
  } catch (const std::exception&) {
    throw UsageError("--max-failed " + text + ": expected a count or a percentage (3, 2.5%)");
  }
  return b;
}

std::size_t GateResult::failures() const {
  return static_cast<std::size_t>(std::count_if(checks.begin(), checks.end(), [](const Check& c) { return !c.passed; }));
}

// ---- checks ---------------------------------------------------------------------

// long function: the gate's checks in the order its report lists them (signatures,
// failures, cells, speed, extractors), each a call of the one `check` that records it.
GateResult run_gate(const results::RunRecords& run, const GateBaseline& b, const GateOptions& o) {
  GateResult r;
  auto check = [&](std::string kind, std::string subject, bool passed, std::string message) {
    r.checks.push_back({std::move(kind), std::move(subject), passed, std::move(message)});
  };
  const auto& fp = run.provenance.corpus_fingerprint;
  check("corpus", "fingerprint", fp == b.corpus_fingerprint,
        fp == b.corpus_fingerprint ? "corpus fingerprint " + fp
                                   : fmt::format("corpus fingerprint {} differs from the baseline's {} (corpus {} vs {})",
                                                 fp.empty() ? "none" : fp, b.corpus_fingerprint, run.provenance.corpus,
                                                 b.corpus));
  if (!b.version.empty() && run.provenance.version != b.version)
    r.notes.push_back("detour version " + run.provenance.version + ", baseline made by " + b.version);

  // Metric signatures: from the first system that scored the metric.
  for (const auto& [metric, sig] : b.metric_signatures) {
    std::string mine;
    for (const auto& s : run.systems)
      if (int mi = results::metric_index(s.scores, metric); mi >= 0) {
        mine = results::metric_signature(s.scores, mi);
        break;
      }
    if (mine.empty()) continue;  // reported by the cell checks (system or language missing)
    const bool same = without_version(mine) == without_version(sig);
    check("signature", metric, same,
          same ? mine
               : "signature differs from the baseline's (" +
                     results::signature_difference(without_version(sig), without_version(mine)) + "; the run's: " +
                     mine + ")");
  }

  std::size_t scored = 0;
  for (const auto& s : run.systems) scored += s.scores.docs.size();
  check("scored", "documents", scored > 0, fmt::format("{} document(s) scored", scored));

  // The cells to judge for --significant.
  struct CellRef {
    std::string system, lang, metric;
    const results::SystemRecords* sys;
    int mi;
    GateCell base;
    double value;
  };
  std::vector<CellRef> cells;
  for (const auto& [name, g] : b.systems) {
    const results::SystemRecords* s = run.find(name);
    if (!s) {
      check("system", name, false, "system " + name + " is in the baseline but not in the run");
      continue;
    }
    check("system", name, true, "present");
    if (!g.extractor_signature.empty()) {
      // The same name, other settings or another version: its scores are not the
      // baseline's system's, so the cells below would compare two extractors.
      if (s->signature == g.extractor_signature) {
        check("extractor", name, true, "signature " + s->signature);
      } else {
        const std::string what = fmt::format("extractor signature differs from the baseline's ({}; the run's: {})",
                                             results::signature_difference(g.extractor_signature, s->signature),
                                             s->signature);
        check("extractor", name, o.allow_extractor_change,
              what + (o.allow_extractor_change ? " (allowed by --allow-extractor-change)"
                                               : "; if intended, pass --allow-extractor-change (or --update the "
                                                 "baseline)"));
      }
    }
    const auto langs = results::language_keys(s->scores);
    for (const auto& [lang, ms] : g.cells) {
      std::size_t docs = 0;
      for (const auto& d : s->scores.docs) docs += lang == "all" || d.lang == lang;
      if (std::find(langs.begin(), langs.end(), lang) == langs.end() || docs == 0) {
        check("language", name + "/" + lang, false, "language " + lang + " of " + name + ": no document scored in the run");
        continue;
      }
      check("language", name + "/" + lang, true, fmt::format("{} document(s)", docs));
      for (const auto& [metric, c] : ms) {
        const int mi = results::metric_index(s->scores, metric);
        if (mi < 0) {
          check("floor", name + "/" + lang + "/" + metric, false, "metric " + metric + " is not scored in the run");
          continue;
        }
        const double v = 100 * results::aggregate_metric(s->scores, mi, lang).micro.f1;
        cells.push_back({name, lang, metric, s, mi, c, v});
      }
    }
  }

  // Significance of the drops, when asked.
  std::vector<std::optional<bool>> significant(cells.size());
  if (o.significant && !cells.empty()) {
    std::vector<SystemScores> systems;
    std::map<const results::SystemRecords*, std::size_t> index;
    auto sys_index = [&](const results::SystemRecords* s) {
      auto [it, added] = index.emplace(s, systems.size());
      if (added) systems.push_back({s->name, &s->scores, false});
      return it->second;
    };
    JudgeRequest request;
    std::vector<std::string> langs;
    std::vector<std::size_t> comparison_of(cells.size(), SIZE_MAX);
    for (std::size_t k = 0; k < cells.size(); ++k) {
      const auto& c = cells[k];
      if (std::find(langs.begin(), langs.end(), c.lang) == langs.end()) langs.push_back(c.lang);
      const std::size_t a = sys_index(c.sys);
      if (o.baseline_run) {
        const results::SystemRecords* bs = o.baseline_run->find(c.system);
        if (!bs) continue;
        comparison_of[k] = request.comparisons.size();
        request.comparisons.push_back({a, sys_index(bs), c.lang, c.sys->scores.metrics[c.mi], stats::Statistic::MicroF1});
      }
    }
    request.intervals = !o.baseline_run;
    const Verdicts v = judge(systems, langs, request, o.judge);
    if (std::string caution = resolution_note(v); !caution.empty()) r.notes.push_back(caution);
    for (std::size_t k = 0; k < cells.size(); ++k) {
      const auto& c = cells[k];
      if (o.baseline_run) {
        if (comparison_of[k] == SIZE_MAX || !v.comparisons[comparison_of[k]].judged) continue;
        const auto& cr = v.comparisons[comparison_of[k]];
        significant[k] = differ(cr, o.judge.alpha) && cr.paired.delta < 0;
      } else if (const stats::CellResult* ci = v.interval(index[c.sys], c.lang, c.sys->scores.metrics[c.mi])) {
        significant[k] = c.base.value > 100 * (*ci)[stats::Statistic::MicroF1].hi;
      }
    }
    r.notes.push_back(o.baseline_run
                          ? fmt::format("--significant: a drop counts when the run and the baseline run differ on "
                                        "the cell ({} cells compared). Rule: {}",
                                        request.comparisons.size(), verdict_rule(o.judge))
                          : fmt::format("--significant: a drop counts when the baseline's F1 is above the run's {:g}% "
                                        "bootstrap interval ({} resamples; without --baseline-run no paired test "
                                        "can be made)",
                                        100 * (1 - o.judge.bootstrap.alpha), o.judge.bootstrap.resamples));
  }
  for (std::size_t k = 0; k < cells.size(); ++k) {
    const auto& c = cells[k];
    const std::string subject = c.system + "/" + c.lang + "/" + c.metric;
    const double drop = c.base.value - c.value;
    auto excused = [&](bool failing, std::string& msg) {
      if (!failing || !o.significant) return false;
      if (!significant[k].has_value()) {
        msg += " (significance not computable for this cell)";
        return false;
      }
      if (!*significant[k]) {
        msg += " (not significant)";
        return true;
      }
      msg += " (significant)";
      return false;
    };
    {
      const bool below = c.value < c.base.floor;
      std::string msg = fmt::format("F1 {:.4f} {} floor {:.4f} (baseline {:.4f}, {} {:.4f})", c.value,
                                    below ? "<" : ">=", c.base.floor, c.base.value, drop >= 0 ? "drop" : "gain",
                                    std::abs(drop));
      const bool ok = !below || excused(below, msg);
      check("floor", subject, ok, msg);
    }
    if (o.max_drop) {
      const bool over = drop > *o.max_drop;
      std::string msg = fmt::format("F1 {:.4f}, baseline {:.4f}: {} {:.4f} {} max drop {:g}", c.value, c.base.value,
                                    drop >= 0 ? "drop" : "gain", std::abs(drop), over ? ">" : "<=", *o.max_drop);
      const bool ok = !over || excused(over, msg);
      check("drop", subject, ok, msg);
    }
  }

  // Absolute floors.
  for (const auto& rule : o.fail_under) {
    std::size_t matched = 0;
    for (const auto& s : run.systems) {
      if (rule.system.empty() ? is_baseline(s.name, o.baselines) : rule.system != s.name) continue;
      const int mi = results::metric_index(s.scores, rule.metric);
      if (mi < 0) continue;
      std::vector<std::string> langs;
      if (rule.lang == "*") langs = results::language_keys(s.scores);
      else langs = {rule.lang};
      for (const auto& lang : langs) {
        const auto a = results::aggregate_metric(s.scores, mi, lang);
        const std::string subject = s.name + "/" + lang + "/" + rule.metric + "." + rule.measure;
        ++matched;
        if (a.documents == 0) {
          check("fail-under", subject, false, "no document scored (rule " + rule.text + ")");
          continue;
        }
        const double v = 100 * (rule.measure == "p" ? a.micro.precision : rule.measure == "r" ? a.micro.recall : a.micro.f1);
        check("fail-under", subject, v >= rule.value,
              fmt::format("{} {:.4f} {} {:g} (rule {})", rule.measure, v, v >= rule.value ? ">=" : "<", rule.value, rule.text));
      }
    }
    if (matched == 0) check("fail-under", rule.text, false, "the rule matches no system, language and metric of the run");
  }

  // Failed pages and speed, per baseline system present in the run.
  for (const auto& [name, g] : b.systems) {
    const results::SystemRecords* s = run.find(name);
    if (!s) continue;
    const PageCounts pc = page_counts(*s);
    double bound = static_cast<double>(g.failed);
    std::string what = "baseline's count";
    if (o.max_failed) {
      bound = o.max_failed->percent ? o.max_failed->value / 100 * static_cast<double>(pc.pages) : o.max_failed->value;
      what = o.max_failed->percent ? fmt::format("{:g}% of {} pages", o.max_failed->value, pc.pages) : "--max-failed";
    }
    const bool all_failed = pc.pages > 0 && pc.failed == pc.pages;
    check("failures", name, !all_failed && static_cast<double>(pc.failed) <= bound,
          fmt::format("{} failed page(s) of {}, bound {:g} ({}){}", pc.failed, pc.pages, bound, what,
                      all_failed ? "; every page failed" : ""));
    if (o.max_slowdown && g.ms_per_page > 0) {
      const double limit = g.ms_per_page * (1 + *o.max_slowdown);
      check("speed", name, pc.ms_per_page <= limit,
            fmt::format("{:.3f} ms/page {} {:.3f} (baseline {:.3f} x {:g})", pc.ms_per_page,
                        pc.ms_per_page <= limit ? "<=" : ">", limit, g.ms_per_page, 1 + *o.max_slowdown));
    }
  }
  for (const auto& s : run.systems)
    if (!b.systems.count(s.name)) r.notes.push_back(s.name + ": not in the baseline, not gated");
  return r;
}

// ---- renderings -----------------------------------------------------------------

std::string gate_summary(const GateResult& r, bool verbose) {
  std::string out;
  for (const auto& c : r.checks)
    if (!c.passed) out += fmt::format("FAIL  {:<10}  {}: {}\n", c.kind, c.subject, c.message);
  if (verbose)
    for (const auto& c : r.checks)
      if (c.passed) out += fmt::format("ok    {:<10}  {}: {}\n", c.kind, c.subject, c.message);
  for (const auto& n : r.notes) out += "note: " + n + "\n";
  std::map<std::string, std::pair<std::size_t, std::size_t>> by_kind;  // kind -> (checks, failed)
  for (const auto& c : r.checks) {
    ++by_kind[c.kind].first;
    by_kind[c.kind].second += !c.passed;
  }
  std::string kinds;
  for (const auto& [k, n] : by_kind) kinds += fmt::format("{}{} {}/{}", kinds.empty() ? "" : ", ", k, n.first - n.second, n.first);
  out += fmt::format("gate: {} ({} checks, {} failed; passed per kind: {})\n", r.failures() ? "FAILED" : "passed",
                     r.checks.size(), r.failures(), kinds);
  return out;
}

std::string gate_json(const GateResult& r) {
  nlohmann::ordered_json j;
  j["passed"] = r.failures() == 0;
  j["checks_total"] = r.checks.size();
  j["checks_failed"] = r.failures();
  nlohmann::ordered_json checks = nlohmann::ordered_json::array();
  for (const auto& c : r.checks)
    checks.push_back({{"kind", c.kind}, {"subject", c.subject}, {"passed", c.passed}, {"message", c.message}});
  j["checks"] = std::move(checks);
  j["notes"] = r.notes;
  return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

namespace {

std::string xml_escape(const std::string& s) {
  std::string o;
  for (unsigned char ch : s) {
    switch (ch) {
      case '&': o += "&amp;"; break;
      case '<': o += "&lt;"; break;
      case '>': o += "&gt;"; break;
      case '"': o += "&quot;"; break;
      case '\'': o += "&apos;"; break;
      default:
        if (ch < 0x20 && ch != '\t' && ch != '\n' && ch != '\r') o += ' ';  // not allowed in XML 1.0
        else o += static_cast<char>(ch);
    }
  }
  return o;
}

}  // namespace

std::string gate_junit(const GateResult& r, const std::string& suite_name) {
  std::vector<std::string> kinds;
  for (const auto& c : r.checks)
    if (std::find(kinds.begin(), kinds.end(), c.kind) == kinds.end()) kinds.push_back(c.kind);
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += fmt::format("<testsuites name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"0\" time=\"0\">\n",
                     xml_escape(suite_name), r.checks.size(), r.failures());
  for (std::size_t k = 0; k < kinds.size(); ++k) {
    std::size_t tests = 0, failures = 0;
    for (const auto& c : r.checks)
      if (c.kind == kinds[k]) {
        ++tests;
        failures += !c.passed;
      }
    out += fmt::format(
        "  <testsuite name=\"gate.{}\" id=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"0\" skipped=\"0\" time=\"0\">\n",
        xml_escape(kinds[k]), k, tests, failures);
    if (k == 0 && !r.notes.empty()) {
      out += "    <properties>\n";
      for (std::size_t n = 0; n < r.notes.size(); ++n)
        out += fmt::format("      <property name=\"note{}\" value=\"{}\"/>\n", n + 1, xml_escape(r.notes[n]));
      out += "    </properties>\n";
    }
    for (const auto& c : r.checks) {
      if (c.kind != kinds[k]) continue;
      out += fmt::format("    <testcase classname=\"gate.{}\" name=\"{}\" time=\"0\"", xml_escape(c.kind),
                         xml_escape(c.subject));
      if (c.passed) {
        out += ">\n      <system-out>" + xml_escape(c.message) + "</system-out>\n    </testcase>\n";
      } else {
        out += fmt::format(">\n      <failure message=\"{}\" type=\"{}\">{}</failure>\n    </testcase>\n",
                           xml_escape(c.message), xml_escape(c.kind), xml_escape(c.kind + " " + c.subject + ": " + c.message));
      }
    }
    out += "  </testsuite>\n";
  }
  out += "</testsuites>\n";
  return out;
}

}  // namespace detour::reports
