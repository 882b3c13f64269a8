import MotionTimeline

/// Pages that carry a document's reduced-motion variant too (docs/format.md §7.7): the
/// variant's rules inside `@media (prefers-reduced-motion: reduce)`, so that the browser picks
/// the variant its user asked for.
extension CSSExporter {
    /// The export of `full` with its reduced-motion variant `reduced`, as a page (`page`) or stylesheet.
    ///
    /// `reduced` is the same document baked with `--reduced-motion`; its rules sit under `@media
    /// (prefers-reduced-motion: reduce)`.
    ///
    /// The variant's keyframes are renamed `r<layer>-...` so that both sets coexist; an element
    /// that the variant does not animate gets `animation: none` there. The report is the full
    /// export's, then the variant's rows (marked ``ExportItem/reducedMotion``) and what the
    /// variant drops that the full export does not.
    /// - Complexity: O(size of both stylesheets).
    public static func export(_ full: TimelineTracks, reduced: TimelineTracks, page: Bool) -> ExportResult {
        let main = export(full, page: false)
        let reducedExport = export(reduced, page: false)
        let variant = reducedExport.text
        let fixed = preamble(reduced.timeline)
        let rules = variant.hasPrefix(fixed) ? variant.dropFirst(fixed.count) : Substring(variant)
        var css = main.text + "@media (prefers-reduced-motion: reduce) {\n"
        // Elements on a motion path in the full page but not in the variant get their
        // placement back.
        let unpathed = Set(
            full.timeline.layers.indices.filter { CSSMotionPath(full, layer: $0) != nil && CSSMotionPath(reduced, layer: $0) == nil }
                .map { selector(full.timeline.layers[$0].id) + " {" })
        var animated = false
        for line in rules.split(separator: "\n", omittingEmptySubsequences: false) where !line.isEmpty {
            var text = String(line)
            if text.hasPrefix("@keyframes m") {
                text = "@keyframes r" + text.dropFirst("@keyframes m".count)
            } else if text.hasPrefix("  animation: m") {
                // `m<layer>-...` entries, each after ", ": the names the rules above now carry.
                animated = true
                text = "  animation: r" + text.dropFirst("  animation: m".count).replacing(", m", with: ", r")
            } else if text == "}", !animated, css.hasSuffix(";\n") {
                // The end of an element rule without animations: stop the full page's.
                css += "  animation: none;\n"
            }
            if text.hasPrefix("[id=") { animated = false }
            css += text + "\n"
            if unpathed.contains(text) { for declaration in CSSMotionPath.reset { css += "  \(declaration);\n" } }
        }
        css += "}\n"
        let text = page ? html(full.timeline, css: css) : css
        let variantItems = reducedExport.items.map { item in
            var item = item
            item.reducedMotion = true
            return item
        }
        let dropped = Set(main.findings)
        let findings = main.findings + reducedExport.findings.filter { !dropped.contains($0) }
        return ExportResult(format: page ? .html : .css, text: text, items: main.items + variantItems, findings: findings)
    }
}
