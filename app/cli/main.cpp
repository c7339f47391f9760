// clusterforge-cli: the headless face of the engine (validate, convert, simulate).
#include <CLI/CLI.hpp>

#include <exception>
#include <iostream>

#include "Commands.h"
#include "design/Limits.h"
#include "LayoutCommand.h"
#include "ScheduleCommand.h"
#include "SweepCommand.h"
#include "ValidateModelsCommand.h"
#include "UncertaintyCommand.h"
#include "WaterfallCommand.h"
#ifdef CF_HAVE_REPORT
#include "ReportCommand.h"
#endif

int main(int argc, char** argv) {
  try {
    CLI::App app{"ClusterForge command line: validate, convert, simulate and lay out cluster designs"};
    app.require_subcommand(0, 1);
    bool showVersion = false;
    app.add_flag("--version", showVersion, "Print the version and the compute backend (CPU/CUDA) with the reason");

    std::string validateFile;
    auto* validate = app.add_subcommand("validate", "Check a scenario or project; exit 2 with messages naming the key path");
    validate->add_option("FILE", validateFile, "*.cf.json, *.json or *.cfproj")->required();

    std::string convertIn, convertOut;
    auto* convert = app.add_subcommand("convert", "Convert between .cf.json and .cfproj (chosen by the output extension)");
    convert->add_option("IN", convertIn)->required();
    convert->add_option("OUT", convertOut)->required();

    cf::cli::SimulateArgs sim;
    auto* simulate = app.add_subcommand("simulate", "Simulate and print the output object as JSON");
    simulate->add_option("FILE", sim.file)->required();
    simulate->add_flag("--json", sim.json, "JSON output (the default and only format)");
    simulate->add_option("--network", sim.network, "analytical or flow")->check(CLI::IsMember({"analytical", "flow"}));
    simulate->add_option("--scenario", sim.scenario, "Index of one scenario of a project (default: all)");
    simulate->add_option("--trials", sim.trials, "Monte Carlo trials (overrides reliability.trials)")->check(CLI::Range(1, 10000000));
    simulate->add_option("--seed", sim.seed, "Random seed (overrides reliability.seed)")->check(CLI::NonNegativeNumber);
    simulate->add_option("--backend", sim.backend, "Monte Carlo and flow-solver backend: auto, cpu or cuda")
        ->check(CLI::IsMember({"auto", "cpu", "cuda"}));

    cf::cli::SearchArgs srch;
    auto* search = app.add_subcommand("search", "Rank every valid parallel configuration of a design and model");
    search->add_option("FILE", srch.file)->required();
    search->add_option("--top", srch.top, "How many configurations to print")->check(CLI::Range(1, 100000));
    search->add_option("--objective", srch.objective, "time (time-to-train), cost (GPU-hours) or memory (headroom)")
        ->check(CLI::IsMember({"time", "cost", "memory"}));
    search->add_option("--scenario", srch.scenario, "Index of the scenario in a project (default 0)");
    search->add_option("--backend", srch.backend, "Search backend: auto, cpu or cuda (same ranking)")
        ->check(CLI::IsMember({"auto", "cpu", "cuda"}));
    search->add_flag("--allow-idle", srch.allow_idle,
                     "Also rank layouts whose idle GPUs would hold another data-parallel replica");
    search->add_flag("--tp-across-domains", srch.tp_across_domains,
                     "Let tensor parallelism span scale-up (NVLink) domains");
    search->add_option("--pin", srch.pins,
                       "Hold a lever at the file's value (repeatable): recompute, zero_stage, overlap_dp, "
                       "activation_offload, tp_overlap, sequence_parallel, rank_order, schedule, micro_batch, stage_layers");
    bool searchJson = true;
    search->add_flag("--json", searchJson, "JSON output (the default and only format)");

    bool metricsJson = false;
    auto* metricsCmd = app.add_subcommand("metrics", "List every reported figure: id, unit, direction, meaning");
    metricsCmd->add_flag("--json", metricsJson, "JSON instead of a Markdown table");

    cf::cli::TopologyArgs topo;
    auto* topology = app.add_subcommand("topology", "Generate and analyse the fabric; export DOT or a CSV cabling plan");
    topology->add_option("FILE", topo.file)->required();
    topology->add_option("--scenario", topo.scenario, "Index of the scenario in a project (default 0)");
    topology->add_option("--dot", topo.dot, "Write the fabric as Graphviz DOT to this file");
    topology->add_option("--csv", topo.csv, "Write the cabling plan (A/Z device and port, medium, length) to this file");
    bool topoJson = true;
    topology->add_flag("--json", topoJson, "JSON output (the default and only format)");

    // Lifts the work budgets (fabric devices and links, flow-simulated micro-batches; design/Limits.h),
    // not the physical ranges or the hard limits.
    bool allowLarge = false;
    for (auto* sub : {validate, simulate, search, topology})
      sub->add_flag("--allow-large", allowLarge, "Lift the work budgets (fabric size, flow-simulated micro-batches)");

    cf::cli::SweepArgs sweepArgs;
    auto* sweep = cf::cli::addSweepCommand(app, sweepArgs);
    cf::cli::ValidateModelsArgs validateModelsArgs;
    auto* validateModels = cf::cli::addValidateModelsCommand(app, validateModelsArgs);
    cf::cli::WaterfallArgs waterfallArgs;
    auto* waterfall = cf::cli::addWaterfallCommand(app, waterfallArgs);
    cf::cli::UncertaintyArgs uncertaintyArgs;
    auto* uncertainty = cf::cli::addUncertaintyCommand(app, uncertaintyArgs);
    cf::cli::ScheduleArgs scheduleArgs;
    auto* schedule = cf::cli::addScheduleCommand(app, scheduleArgs);
    cf::cli::LayoutArgs layoutArgs;
    auto* layout = cf::cli::addLayoutCommand(app, layoutArgs);
    layout->add_flag("--allow-large", allowLarge, "Lift the work budgets (fabric size)");
    for (auto* sub : {sweep, schedule})
      sub->add_flag("--allow-large", allowLarge,
                    "Lift the work budgets (jobs, trace rows and teams of a workload; fabric size)");
    waterfall->add_flag("--allow-large", allowLarge,
                        "Lift the work budgets (the waterfall's simulations: Shapley over more than 6 steps)");
#ifdef CF_HAVE_REPORT
    cf::cli::ReportArgs reportArgs;
    auto* report = cf::cli::addReportCommand(app, reportArgs);
#endif

    try {
      app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
      int rc = app.exit(e);
      return rc == 0 ? 0 : 2;
    }
    cf::liftWorkBudgets(allowLarge);
    if (showVersion) return cf::cli::version(std::cout);
    if (*validate) return cf::cli::validate(validateFile, std::cout, std::cerr);
    if (*metricsCmd) return cf::cli::metrics(metricsJson, std::cout);
    if (*convert) return cf::cli::convert(convertIn, convertOut, std::cerr);
    if (*simulate) return cf::cli::simulate(sim, std::cout, std::cerr);
    if (*search) return cf::cli::search(srch, std::cout, std::cerr);
    if (*topology) return cf::cli::topology(topo, std::cout, std::cerr);
    if (*sweep) return cf::cli::sweep(sweepArgs, std::cerr);
    if (*validateModels) return cf::cli::validateModels(validateModelsArgs, std::cout, std::cerr);
    if (*waterfall) return cf::cli::waterfall(waterfallArgs, std::cout, std::cerr);
    if (*uncertainty) return cf::cli::uncertainty(uncertaintyArgs, std::cout, std::cerr);
    if (*schedule) return cf::cli::schedule(scheduleArgs, std::cout, std::cerr);
    if (*layout) return cf::cli::layout(layoutArgs, std::cout, std::cerr);
#ifdef CF_HAVE_REPORT
    if (*report) return cf::cli::report(reportArgs, argc, argv, std::cout, std::cerr);
#endif
    std::cout << app.help();
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "internal error: " << e.what() << "\n";
    return 1;
  }
}
