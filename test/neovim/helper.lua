-- Shared helpers for the Neovim tier (TESTING.md tier 3): headless Neovim 0.7 as an independent
-- LSP client of the bundled server. A scenario file does
--
--   local h = dofile(os.getenv('MCP_CATALOG_NVIM_DIR') .. '/helper.lua')
--   h.run(function()
--     local bufnr = h.start({ settings = { knownVariables = { 'X' } } })
--     local diags = h.wait_diagnostics(bufnr, function(d) return #d > 0 end)
--     h.check('some name', #diags == 2, vim.inspect(diags))
--   end)
--
-- and prints one `CHECK PASS|FAIL name[: detail]` line per check and a final
-- `RESULT passed=N failed=N` line, which neovim.test.ts parses. Output goes through io.stdout
-- with a flush (anything printed before `cquit` is lost otherwise). Every wait is a vim.wait on a
-- condition with a timeout, never a fixed sleep.
--
-- Hover, completion and code-action scenarios (issue 3) use h.request(), h.position_params(),
-- h.code_actions() and h.position_of().

local M = {}

local passed, failed = 0, 0
local client_ids = {}

M.timeout = tonumber(os.getenv('MCP_CATALOG_NVIM_WAIT_MS') or '') or 15000

function M.emit(line)
  io.stdout:write(line .. '\n')
  io.stdout:flush()
end

local function one_line(text)
  return (tostring(text):gsub('[\r\n]+', ' | '))
end

--- Record a check. Returns `ok` so a scenario can stop early when a later check depends on it.
function M.check(name, ok, detail)
  if ok then
    passed = passed + 1
    M.emit('CHECK PASS ' .. name)
  else
    failed = failed + 1
    M.emit('CHECK FAIL ' .. name .. (detail ~= nil and (': ' .. one_line(detail)) or ''))
  end
  return ok
end

function M.equal(name, actual, expected)
  return M.check(name, vim.deep_equal(actual, expected), 'expected ' .. vim.inspect(expected) .. ', got ' .. vim.inspect(actual))
end

function M.getenv(name)
  local value = os.getenv(name)
  assert(value and value ~= '', 'environment variable ' .. name .. ' is not set')
  return value
end

--- Start the installed server (`mcp-catalog-language-server` on PATH: neovim.test.ts installs the
--- npm package) and attach it to a buffer (the current one by default).
--- opts.settings: the `mcpCatalog` settings (sent as initializationOptions.settings, which is how
--- the server gets them from a client without workspace/configuration — Neovim 0.7).
--- opts.root_dir: the workspace folder (default: the buffer's folder).
function M.start(opts)
  opts = opts or {}
  local bufnr = opts.bufnr or vim.api.nvim_get_current_buf()
  local file = vim.api.nvim_buf_get_name(bufnr)
  vim.api.nvim_buf_set_option(bufnr, 'filetype', opts.filetype or 'json')
  local root_dir = opts.root_dir or vim.fn.fnamemodify(file, ':p:h')
  local settings = vim.tbl_deep_extend('force', { validation = { delay = 0 }, readProcessEnv = false }, opts.settings or {})
  local client_id = vim.lsp.start_client({
    name = 'mcp-catalog',
    cmd = { 'mcp-catalog-language-server', '--stdio' },
    root_dir = root_dir,
    workspace_folders = { { uri = vim.uri_from_fname(root_dir), name = 'workspace' } },
    init_options = { settings = settings },
    flags = { debounce_text_changes = 0 },
  })
  assert(client_id, 'vim.lsp.start_client returned nil')
  table.insert(client_ids, client_id)
  assert(vim.lsp.buf_attach_client(bufnr, client_id), 'buf_attach_client failed')
  return bufnr, client_id
end

--- The mcp-catalog diagnostics of a buffer, sorted by position, with the LSP `data` lifted up.
function M.diagnostics(bufnr)
  local result = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    if d.source == 'mcp-catalog' then
      local lsp = (d.user_data and d.user_data.lsp) or {}
      table.insert(result, {
        code = d.code or lsp.code,
        lnum = d.lnum,
        col = d.col,
        end_lnum = d.end_lnum,
        end_col = d.end_col,
        severity = d.severity,
        message = d.message,
        data = lsp.data,
      })
    end
  end
  table.sort(result, function(a, b)
    if a.lnum ~= b.lnum then return a.lnum < b.lnum end
    return a.col < b.col
  end)
  return result
end

--- Codes and 0-based lines, e.g. { 'timeout-range@109', 'unresolved-variable@136' }.
function M.summary(diagnostics)
  local out = {}
  for _, d in ipairs(diagnostics) do table.insert(out, tostring(d.code) .. '@' .. d.lnum) end
  return out
end

--- Wait until `predicate(diagnostics)` holds. Returns the diagnostics, or nil and a check failure.
function M.wait_diagnostics(bufnr, predicate, what, timeout)
  local latest = {}
  local ok = vim.wait(timeout or M.timeout, function()
    latest = M.diagnostics(bufnr)
    return predicate(latest)
  end, 20)
  if not ok then
    M.check(what or 'diagnostics arrive', false, 'timed out; current: ' .. vim.inspect(M.summary(latest)))
    return nil
  end
  return latest
end

--- Wait for diagnostics satisfying `predicate` and record it as the check `name` (pass or fail).
--- Returns the diagnostics, or nil.
function M.expect(bufnr, predicate, name, timeout)
  local diagnostics = M.wait_diagnostics(bufnr, predicate, name, timeout)
  if diagnostics then M.check(name, true) end
  return diagnostics
end

--- 0-based line of the first buffer line containing `text` (plain), at or after `from` (0-based).
function M.line_of(bufnr, text, from)
  local lines = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
  for i = (from or 0) + 1, #lines do
    if lines[i]:find(text, 1, true) then return i - 1 end
  end
  error('text not found in buffer: ' .. text)
end

--- LSP position (0-based line, UTF-16 character = byte for ASCII) of `text` in the buffer.
function M.position_of(bufnr, text, from)
  local line = M.line_of(bufnr, text, from)
  local col = vim.api.nvim_buf_get_lines(bufnr, line, line + 1, false)[1]:find(text, 1, true) - 1
  return { line = line, character = col }
end

--- A request through Neovim's client (textDocument/hover, /completion, /codeAction …).
--- Returns the result of the mcp-catalog client, or nil and the error.
function M.request(bufnr, method, params, timeout)
  local responses, err = vim.lsp.buf_request_sync(bufnr, method, params, timeout or M.timeout)
  if not responses then return nil, err end
  for _, response in pairs(responses) do
    if response.err then return nil, response.err end
    return response.result
  end
  return nil, 'no response'
end

--- The LSP diagnostics on a line as Neovim 0.7 sends them back in a code-action context (its own
--- `vim.lsp.buf.code_action` does the same). Note: `user_data.lsp` alone lacks range and source.
function M.lsp_diagnostics_on_line(bufnr, line)
  return vim.lsp.diagnostic.get_line_diagnostics(bufnr, line)
end

--- textDocument/codeAction for a position, with the line's diagnostics as context.
function M.code_actions(bufnr, position, only)
  return M.request(bufnr, 'textDocument/codeAction', {
    textDocument = vim.lsp.util.make_text_document_params(bufnr),
    range = { start = position, ['end'] = position },
    context = { diagnostics = M.lsp_diagnostics_on_line(bufnr, position.line), only = only },
  })
end

--- Parameters for position requests (hover, completion, definition …).
function M.position_params(bufnr, position)
  return { textDocument = vim.lsp.util.make_text_document_params(bufnr), position = position }
end

--- Replace buffer lines [start, end) (0-based) with `lines`; Neovim sends the didChange.
function M.set_lines(bufnr, start, finish, lines)
  vim.api.nvim_buf_set_lines(bufnr, start, finish, false, lines)
end

function M.read_file(path)
  local f = assert(io.open(path, 'r'))
  local text = f:read('*a')
  f:close()
  return text
end

--- Write a file the way an editor or git checkout would (the server must notice on its own).
function M.write_file(path, text)
  local f = assert(io.open(path, 'w'))
  f:write(text)
  f:close()
end

local function stop_clients()
  -- Clients a scenario's configuration started itself (readme-config.lua) are stopped too.
  for _, client in ipairs(vim.lsp.get_active_clients()) do
    if not vim.tbl_contains(client_ids, client.id) then table.insert(client_ids, client.id) end
  end
  for _, id in ipairs(client_ids) do
    local client = vim.lsp.get_client_by_id(id)
    if client then client.stop() end
  end
  vim.wait(3000, function()
    for _, id in ipairs(client_ids) do
      if vim.lsp.get_client_by_id(id) then return false end
    end
    return true
  end, 20)
  for _, id in ipairs(client_ids) do
    local client = vim.lsp.get_client_by_id(id)
    if client then client.stop(true) end
  end
end

--- Run a scenario: a Lua error becomes a failed check; then stop the servers, print the result
--- line and exit (status 1 when anything failed).
function M.run(scenario)
  local ok, err = xpcall(scenario, debug.traceback)
  if not ok then M.check('scenario ran without a Lua error', false, err) end
  if passed + failed == 0 then M.check('scenario made at least one check', false) end
  stop_clients()
  M.emit(string.format('RESULT passed=%d failed=%d', passed, failed))
  if failed > 0 then
    vim.cmd('cquit 1')
  else
    vim.cmd('qall!')
  end
end

return M
