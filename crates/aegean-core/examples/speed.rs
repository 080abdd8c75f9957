use aegean_core::search::{Limits, Searcher};
use aegean_core::state::State;
use std::time::Duration;
fn main() {
    let secs: f64 = std::env::args()
        .nth(1)
        .map(|s| s.parse().unwrap())
        .unwrap_or(1.0);
    for text in [
        "00000/12000/00001/120D0/00230 1 a4,d3 b3,c1",
        "00000/03300/01200/21000/0D000 1 a2,c5 b2,d4",
        "20010/01012/00000/00030/00010 2 d1,b4 d4,d5",
        "01010/01000/00001/00033/00100 2 d1,b4 c5,e3",
        "21210/01030/00000/00030/00100 1 c3,a5 c1,b5",
        "00000/12000/00001/120D0/00230 1 a4,d3 b3,c1 powers=Apollo,Athena",
        "00000/03300/01200/21000/0D000 1 a2,c5 b2,d4 powers=Artemis,Demeter",
        "20010/01012/00000/00030/00010 2 d1,b4 d4,d5 powers=Prometheus,Minotaur",
        "01010/01000/00001/00033/00100 2 d1,b4 c5,e3 powers=Hermes,Pan",
    ] {
        let s: State = text.parse().unwrap();
        let mut searcher = Searcher::new(64 << 20);
        searcher.set_reductions(std::env::var("NOLMR").is_err());
        let limits = Limits {
            time: Some(Duration::from_secs_f64(secs)),
            ..Default::default()
        };
        let info = searcher.search(&s, &limits, None, &mut |_| {}).unwrap();
        println!(
            "{text}: depth {} score {} nodes {} ({:.2} M/s) {:.2}s pv {:?}",
            info.depth,
            info.score,
            info.nodes,
            info.nodes as f64 / info.elapsed.as_secs_f64() / 1e6,
            info.elapsed.as_secs_f64(),
            info.pv.len()
        );
    }
}
