//! The day's report of a door as one SVG (`boxoffice door report --svg`):
//! arrivals per bucket as bars, each split by lane, and inside over time
//! as a line over them. Drawn from the figures (`door::stats`), nothing
//! else: every bar's height is its count times one scale.

use std::fmt::Write as _;

use super::stats::Figures;

const W: f64 = 960.0;
const H: f64 = 420.0;
const LEFT: f64 = 56.0;
const RIGHT: f64 = 56.0;
const TOP: f64 = 48.0;
const BOTTOM: f64 = 64.0;
/// The lanes' colours, in turn.
const COLOURS: [&str; 8] = [
    "#4e79a7", "#f28e2b", "#59a14f", "#b07aa1", "#edc948", "#76b7b2", "#ff9da7", "#9c755f",
];

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn float(n: u64) -> f64 {
    f64::from(u32::try_from(n).unwrap_or(u32::MAX))
}

/// The report of `title`'s door: `lanes` each lane's arrivals per bucket
/// of `fig.buckets` (`DoorStats::lane_series`).
pub fn svg(title: &str, fig: &Figures, lanes: &[(String, Vec<u64>)]) -> String {
    let slots = fig.buckets.len().max(1);
    let plot_w = W - LEFT - RIGHT;
    let plot_h = H - TOP - BOTTOM;
    let slot = plot_w / f64::from(u32::try_from(slots).unwrap_or(u32::MAX));
    let bar_w = (slot * 0.8).max(1.0);
    let most = fig
        .buckets
        .iter()
        .map(|b| b.arrivals)
        .max()
        .unwrap_or(0)
        .max(1);
    let most_inside = fig
        .buckets
        .iter()
        .map(|b| b.inside)
        .max()
        .unwrap_or(0)
        .max(1);
    // One scale for every bar (pixels per arrival), one for the line.
    let scale = plot_h / float(most);
    let inside_scale = plot_h / float(most_inside);
    let base = TOP + plot_h;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{W}\" height=\"{H}\" \
         viewBox=\"0 0 {W} {H}\" role=\"img\" aria-label=\"{}\" data-scale=\"{scale}\">",
        escape(&format!("The door of {title}: arrivals and inside"))
    );
    let _ = writeln!(
        out,
        "<rect width=\"{W}\" height=\"{H}\" fill=\"#ffffff\"/>\
         <g font-family=\"sans-serif\" font-size=\"12\" fill=\"#333\">"
    );
    let per = fig.bucket_seconds / 60;
    let _ = writeln!(
        out,
        "<text x=\"{LEFT}\" y=\"20\" font-size=\"15\">{} — arrivals per {} min by lane \
         (bars), inside (line); {} admitted{}, {} inside at {} UTC</text>",
        escape(title),
        per.max(1),
        fig.admitted,
        fig.valid
            .map_or(String::new(), |v| format!(" of {v} valid")),
        fig.inside,
        escape(fig.at.get(11..16).unwrap_or(&fig.at)),
    );
    // Axes and the scale's ends.
    let _ = writeln!(
        out,
        "<line x1=\"{LEFT}\" y1=\"{base}\" x2=\"{}\" y2=\"{base}\" stroke=\"#999\"/>\
         <text x=\"{}\" y=\"{}\" text-anchor=\"end\">{most}</text>\
         <text x=\"{}\" y=\"{base}\" text-anchor=\"end\">0</text>\
         <text x=\"{}\" y=\"{}\">{most_inside} inside</text>",
        W - RIGHT,
        LEFT - 6.0,
        TOP + 4.0,
        LEFT - 6.0,
        W - RIGHT + 4.0,
        TOP + 4.0,
    );
    let mut line = Vec::with_capacity(slots);
    for (i, b) in fig.buckets.iter().enumerate() {
        let x =
            LEFT + slot * f64::from(u32::try_from(i).unwrap_or(u32::MAX)) + (slot - bar_w) / 2.0;
        let h = float(b.arrivals) * scale;
        let _ = writeln!(
            out,
            "<g class=\"bucket\"><title>{} UTC: {} arrived, {} inside</title>\
             <rect class=\"arrivals\" data-count=\"{}\" x=\"{x:.2}\" y=\"{:.2}\" width=\"{bar_w:.2}\" \
             height=\"{h:.4}\" fill=\"none\" stroke=\"none\"/>",
            escape(&b.start),
            b.arrivals,
            b.inside,
            b.arrivals,
            base - h,
        );
        // The bar split by lane, stacked from the bottom.
        let mut y = base;
        for (k, (_, counts)) in lanes.iter().enumerate() {
            let c = counts.get(i).copied().unwrap_or(0);
            if c == 0 {
                continue;
            }
            let seg = float(c) * scale;
            y -= seg;
            let _ = writeln!(
                out,
                "<rect class=\"lane\" data-lane=\"{k}\" data-count=\"{c}\" x=\"{x:.2}\" y=\"{y:.2}\" \
                 width=\"{bar_w:.2}\" height=\"{seg:.4}\" fill=\"{}\"/>",
                COLOURS[k % COLOURS.len()]
            );
        }
        out.push_str("</g>\n");
        line.push(format!(
            "{:.2},{:.2}",
            x + bar_w / 2.0,
            base - float(b.inside) * inside_scale
        ));
        // A label every so often, and the first.
        let every = (slots / 8).max(1);
        if i % every == 0 {
            let _ = writeln!(
                out,
                "<text x=\"{:.2}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
                x + bar_w / 2.0,
                base + 16.0,
                escape(b.start.get(11..16).unwrap_or(&b.start))
            );
        }
    }
    let _ = writeln!(
        out,
        "<polyline class=\"inside\" fill=\"none\" stroke=\"#e15759\" stroke-width=\"2\" \
         points=\"{}\"/>",
        line.join(" ")
    );
    // The legend: each lane's colour and total.
    let mut x = LEFT;
    for (k, (name, counts)) in lanes.iter().enumerate() {
        let total: u64 = counts.iter().sum();
        let label = format!("{name} ({total})");
        let _ = writeln!(
            out,
            "<rect x=\"{x:.1}\" y=\"{}\" width=\"10\" height=\"10\" fill=\"{}\"/>\
             <text x=\"{:.1}\" y=\"{}\">{}</text>",
            H - 22.0,
            COLOURS[k % COLOURS.len()],
            x + 14.0,
            H - 13.0,
            escape(&label)
        );
        x += 24.0 + 7.0 * f64::from(u32::try_from(label.chars().count()).unwrap_or(40));
    }
    out.push_str("</g>\n</svg>\n");
    out
}
