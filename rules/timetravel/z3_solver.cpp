#include "rules/timetravel/z3_solver.h"

#include <fmt/format.h>
#include <z3++.h>

#include <algorithm>
#include <optional>
#include <unordered_map>

namespace arbiter::timetravel {

namespace {
// One context per thread: creating one costs more than solving a small problem. Each problem
// gets its own solver; the context only shares (reference-counted) terms between them.
z3::context& thread_context() {
  thread_local z3::context ctx;
  return ctx;
}
}  // namespace

struct Z3Problem::Impl {
  z3::context& ctx = thread_context();
  std::optional<z3::solver> solver;
  std::vector<z3::expr> vars;
  std::vector<bool> is_bool;
  std::unordered_map<unsigned, Var> by_ast_id;  // to map an unsat core back to handles
  std::string error;                           // first z3::exception seen, if any
  std::string reason;
  std::vector<Var> core;
  std::optional<z3::model> model;

  // Runs f, turning a z3::exception into a remembered error (check() then answers Unknown).
  template <typename F>
  void guarded(F&& f) {
    try {
      f();
    } catch (const z3::exception& e) {
      if (error.empty()) error = e.msg();
    }
  }

  z3::expr as_int(Var v) { return is_bool[v] ? z3::ite(vars[v], ctx.int_val(1), ctx.int_val(0)) : vars[v]; }

  Var add(const char* prefix, bool boolean) {
    const Var v = Var(vars.size());
    const std::string name = fmt::format("{}{}", prefix, v);
    guarded([&] {
      vars.push_back(boolean ? ctx.bool_const(name.c_str()) : ctx.int_const(name.c_str()));
      is_bool.push_back(boolean);
      by_ast_id[vars.back().id()] = v;
    });
    return v;
  }
  bool valid(Var v) const { return v >= 0 && v < Var(vars.size()); }
};

Z3Problem::Z3Problem() : impl_(std::make_unique<Impl>()) {
  // The plain SMT kernel (assumptions, cores): the default solver's set-up costs more than
  // these small problems.
  impl_->guarded([&] { impl_->solver.emplace(impl_->ctx, z3::solver::simple()); });
}
Z3Problem::~Z3Problem() = default;

Z3Problem::Var Z3Problem::new_bool() { return impl_->add("b", true); }

Z3Problem::Var Z3Problem::new_int(int lo, int hi) {
  const Var v = impl_->add("i", false);
  add_linear({{v}}, Cmp::Ge, lo);
  add_linear({{v}}, Cmp::Le, hi);
  return v;
}

void Z3Problem::add_linear(const std::vector<Term>& terms, Cmp cmp, int bound, const std::vector<Var>& guards) {
  auto& m = *impl_;
  if (!m.error.empty() || !m.solver) return;
  for (const Term& t : terms)
    if (!m.valid(t.var)) m.error = "bad variable handle";
  for (Var g : guards)
    if (!m.valid(g)) m.error = "bad variable handle";
  if (!m.error.empty()) return;
  const bool all_bool = !terms.empty() && std::all_of(terms.begin(), terms.end(), [&](const Term& t) { return m.is_bool[t.var]; });
  m.guarded([&] {
    std::optional<z3::expr> c;
    if (all_bool) {
      // Pseudo-boolean: Z3's native theory is much faster than sums of if-then-elses.
      z3::expr_vector bs(m.ctx);
      std::vector<int> coefs;
      for (const Term& t : terms) {
        bs.push_back(m.vars[t.var]);
        coefs.push_back(t.coef);
      }
      c = cmp == Cmp::Le ? z3::pble(bs, coefs.data(), bound)
          : cmp == Cmp::Ge ? z3::pbge(bs, coefs.data(), bound)
                           : z3::pbeq(bs, coefs.data(), bound);
    } else {
      z3::expr_vector parts(m.ctx);
      for (const Term& t : terms) parts.push_back(t.coef == 1 ? m.as_int(t.var) : t.coef * m.as_int(t.var));
      const z3::expr lhs = parts.empty() ? m.ctx.int_val(0) : z3::sum(parts);
      c = cmp == Cmp::Le ? lhs <= bound : cmp == Cmp::Ge ? lhs >= bound : lhs == bound;
    }
    if (!guards.empty()) {
      z3::expr_vector gs(m.ctx);
      for (Var g : guards) gs.push_back(m.vars[g]);
      c = z3::implies(z3::mk_and(gs), *c);
    }
    m.solver->add(*c);
  });
}

SatResult Z3Problem::check(unsigned timeout_ms, const std::vector<Var>& assumptions) {
  auto& m = *impl_;
  m.model.reset();
  m.core.clear();
  for (Var a : assumptions)
    if (!m.valid(a) && m.error.empty()) m.error = "bad variable handle";
  if (!m.error.empty() || !m.solver) {
    m.reason = fmt::format("z3 error: {}", m.error);
    return SatResult::Unknown;
  }
  try {
    z3::params p(m.ctx);
    p.set("timeout", timeout_ms);
    // Z3 would otherwise catch SIGINT itself during the check, swallowing it (and threads
    // checking at once would restore each other's handlers wrongly): the command's handler must
    // get it (rules/core/stop.h). A check in flight then runs to its end, bounded by its timeout.
    p.set("ctrl_c", false);
    m.solver->set(p);
    z3::expr_vector as(m.ctx);
    for (Var a : assumptions) as.push_back(m.vars[a]);
    switch (m.solver->check(as)) {
      case z3::sat:
        m.model.emplace(m.solver->get_model());
        return SatResult::Sat;
      case z3::unsat: {
        const z3::expr_vector core = m.solver->unsat_core();
        for (unsigned i = 0; i < core.size(); ++i) {
          auto it = m.by_ast_id.find(core[i].id());
          if (it != m.by_ast_id.end()) m.core.push_back(it->second);
        }
        return SatResult::Unsat;
      }
      case z3::unknown:
        m.reason = m.solver->reason_unknown();
        return SatResult::Unknown;
    }
  } catch (const z3::exception& e) {
    m.reason = fmt::format("z3 error: {}", e.msg());
    m.model.reset();
  }
  return SatResult::Unknown;
}

bool Z3Problem::bool_value(Var v) const {
  if (!impl_->model || !impl_->valid(v)) return false;
  try {
    return impl_->model->eval(impl_->vars[v], true).is_true();
  } catch (const z3::exception&) {
    return false;
  }
}

int Z3Problem::int_value(Var v) const {
  if (!impl_->model || !impl_->valid(v)) return 0;
  try {
    return impl_->model->eval(impl_->vars[v], true).get_numeral_int();
  } catch (const z3::exception&) {
    return 0;
  }
}

std::vector<Z3Problem::Var> Z3Problem::unsat_core() const { return impl_->core; }

const std::string& Z3Problem::reason() const { return impl_->reason; }

}  // namespace arbiter::timetravel
